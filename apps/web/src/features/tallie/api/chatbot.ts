import { type TChatbotRequest, ZChatbotResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

/** Asks Tallie; with a conversation id the server saves the question and the answer in it. */
export const askTallie = (body: TChatbotRequest) =>
  api('/api/chatbot', { method: 'POST', body, schema: ZChatbotResponse });
