import { z } from 'zod';
import { multiline } from './text.ts';

/** The API's Tallie messages (validation and errors), word for word; the screen's own texts live in the web app. */
export const CHAT_MESSAGES = {
  conversationsDeleted: (n: number) => `${n} conversation(s) deleted`,
  /** Saved as the assistant's message whenever an answer fails; the reason is only logged. */
  replyFailed: 'Sorry, I encountered an error. Please try again later.',
  conversationNotFound: 'Conversation not found',
  contentRequired: 'Message is required',
  titleRequired: 'Title is required',
  messagesRequired: 'At least one message is required',
  imageInvalid: 'The image must be a PNG, JPEG, GIF or WebP picture of at most 4 MB',
  nothingToUpdate: 'Nothing to update',
} as const;

/** Spec: a conversation is titled by the first 50 characters of its first message, '...' appended if longer. */
export const CHAT_TITLE_LENGTH = 50;
export const CHAT_CONTENT_MAX = 8000;
export const CHAT_HISTORY_MAX = 40;
/** Base64 data of an attached image, about 4 MB of picture. */
export const CHAT_IMAGE_MAX_CHARS = 5_600_000;

export function chatTitle(firstMessage: string): string {
  const text = firstMessage.trim().replace(/\s+/g, ' ');
  return text.length > CHAT_TITLE_LENGTH ? `${text.slice(0, CHAT_TITLE_LENGTH)}...` : text;
}

/** The six starter buttons of an empty chat, each with the question it puts in the input. */
export const CHAT_STARTERS = [
  { key: 'device-setup', label: 'Device Setup', question: 'How do I set up and pair a new RFID reader?' },
  { key: 'getting-started', label: 'Getting Started', question: 'How do I get started with Quantics?' },
  { key: 'about-audits', label: 'About Audits', question: 'How do audits work in Quantics?' },
  { key: 'print-labels', label: 'Print Labels', question: 'How do I print RFID labels?' },
  { key: 'export-data', label: 'Export Data', question: 'How do I export my data as a report?' },
  { key: 'get-support', label: 'Get Support', question: 'How can I get help or contact support?' },
] as const;

/** The Help panel's tips (spec: ask about inventory, devices, audits; navigation; reader setup; reports). */
export const CHAT_TIPS = [
  'Ask about your inventory, devices and audits: “What is low on stock?”, “Which readers are offline?”',
  'Ask Tallie to take you somewhere: “Take me to the audits page”',
  'Get step-by-step help setting up an RFID reader',
  'Learn how to export reports and find documentation',
] as const;

/**
 * '[Navigate to X →]' in a reply names a page; the web shows a 'Go to X' button for it. Returns the page name X,
 * or null when the reply has no such marker.
 */
export function navigationTarget(reply: string): string | null {
  const m = /\[Navigate to ([^\]\n]{1,40}?) →\]/.exec(reply);
  return m?.[1]?.trim() ?? null;
}

/** The reply without its navigation marker (the text shown above the 'Go to X' button). */
export function withoutNavigation(reply: string): string {
  return reply.replace(/\s*\[Navigate to [^\]\n]{1,40}? →\]\s*/g, '\n').trim();
}

/** At most this many questions offered as buttons under a reply (when Tallie is unsure what was asked). */
export const CHAT_SUGGESTIONS_MAX = 3;
export const ZChatSuggestions = z.array(z.string().max(200)).max(CHAT_SUGGESTIONS_MAX);

/** The questions a reply offers as buttons: kept in the saved message's metadata as `suggestions`. */
export function suggestionsOf(message: {
  suggestions?: string[] | undefined;
  metadata?: Record<string, unknown> | null;
}): string[] {
  if (message.suggestions?.length) return message.suggestions;
  const kept = ZChatSuggestions.safeParse(message.metadata?.suggestions);
  return kept.success ? kept.data : [];
}

export const ZChatSender = z.enum(['user', 'assistant']);
export type TChatSender = z.infer<typeof ZChatSender>;

const ZTitle = z
  .string({ error: CHAT_MESSAGES.titleRequired })
  .trim()
  .min(1, CHAT_MESSAGES.titleRequired)
  .max(500, 'Title must be at most 500 characters');
const ZContent = z
  .string({ error: CHAT_MESSAGES.contentRequired })
  .max(CHAT_CONTENT_MAX, `Message must be at most ${CHAT_CONTENT_MAX} characters`);
const ZMetadata = multiline(
  z
    .record(z.string(), z.unknown())
    .refine((m) => JSON.stringify(m).length <= 4000, 'Metadata must be at most 4000 characters'),
);

export const ZChatConversation = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  is_active: z.boolean(),
});
export type TChatConversation = z.infer<typeof ZChatConversation>;

export const ZChatMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  user_id: z.union([z.number().int(), z.literal('local')]),
  sender: ZChatSender,
  content: z.string(),
  created_at: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  navigation: z.string().nullable().optional(),
  /** Questions offered as buttons under an assistant message. */
  suggestions: ZChatSuggestions.optional(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZCreateConversationRequest = z.object({ title: ZTitle });
export type TCreateConversationRequest = z.infer<typeof ZCreateConversationRequest>;

export const ZUpdateConversationRequest = z
  .object({ title: ZTitle.optional(), is_active: z.boolean().optional() })
  .refine((b) => b.title !== undefined || b.is_active !== undefined, CHAT_MESSAGES.nothingToUpdate);
export type TUpdateConversationRequest = z.infer<typeof ZUpdateConversationRequest>;

export const ZCreateMessageRequest = z.object({
  content: multiline(ZContent.trim().min(1, CHAT_MESSAGES.contentRequired)),
  sender: ZChatSender,
  metadata: ZMetadata.optional(),
  navigation: z.string().max(100).nullable().optional(),
});
export type TCreateMessageRequest = z.infer<typeof ZCreateMessageRequest>;

export const ZChatbotMessage = z.object({ role: ZChatSender, content: multiline(ZContent) });
export type TChatbotMessage = z.infer<typeof ZChatbotMessage>;

/** A picture as a data URL (what a browser's FileReader gives). */
export const ZChatImage = z
  .string()
  .max(CHAT_IMAGE_MAX_CHARS, CHAT_MESSAGES.imageInvalid)
  .regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/, CHAT_MESSAGES.imageInvalid);

export const ZChatbotRequest = z
  .object({
    messages: z
      .array(ZChatbotMessage, { error: CHAT_MESSAGES.messagesRequired })
      .min(1, CHAT_MESSAGES.messagesRequired)
      .max(CHAT_HISTORY_MAX, `At most ${CHAT_HISTORY_MAX} messages`),
    conversation_id: z.number().int().positive().max(2_147_483_647).optional(),
    image: ZChatImage.nullable().optional(),
  })
  .refine((b) => b.messages.at(-1)?.role === 'user', 'The last message must be the user’s')
  .refine(
    (b) => Boolean(b.image) || (b.messages.at(-1)?.content.trim() ?? '') !== '',
    CHAT_MESSAGES.contentRequired,
  );
export type TChatbotRequest = z.infer<typeof ZChatbotRequest>;

export const ZChatbotResponse = z.object({
  response: z.string(),
  /** The page path a 'Go to X' button opens, when the reply names one. */
  navigation: z.string().nullable().optional(),
  /**
   * When Tallie is unsure what was asked (or greets), the two or three closest questions: the web shows each as a
   * button that asks it.
   */
  suggestions: ZChatSuggestions.optional(),
  /** The saved messages, when the call named a conversation. */
  user_message: ZChatMessage.optional(),
  assistant_message: ZChatMessage.optional(),
});
export type TChatbotResponse = z.infer<typeof ZChatbotResponse>;

export const ZChatConversationsResponse = z.array(ZChatConversation);
export const ZChatMessagesResponse = z.array(ZChatMessage);
