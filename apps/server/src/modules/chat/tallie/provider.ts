import type { TChatbotMessage } from '@quantics/contracts';
import type { TallieContext } from './tools.ts';

export type TallieRequest = { messages: TChatbotMessage[]; image?: string | null };

/** One way of answering: the built-in rules or an OpenAI-compatible model. Throws on any failure. */
export type TallieProvider = { answer: (ctx: TallieContext, req: TallieRequest) => Promise<string> };
