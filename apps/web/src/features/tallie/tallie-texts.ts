import type { CHAT_MESSAGES } from '@quantics/contracts';

/**
 * The spec's Tallie texts as the screens show them, each typed against the contracts' constant so the server's
 * messages and these never drift apart.
 */
export const CHAT_TEXTS = {
  pageTitle: 'Tallie Chat' satisfies typeof CHAT_MESSAGES.pageTitle,
  history: 'Chat History' satisfies typeof CHAT_MESSAGES.history,
  noHistory: 'No chat history yet' satisfies typeof CHAT_MESSAGES.noHistory,
  newChat: 'New chat' satisfies typeof CHAT_MESSAGES.newChat,
  clearAll: 'Clear all' satisfies typeof CHAT_MESSAGES.clearAll,
  clearAllQuestion:
    'Delete all your conversations with Tallie? This cannot be undone.' satisfies typeof CHAT_MESSAGES.clearAllQuestion,
  deleteQuestion: 'Delete this conversation?' satisfies typeof CHAT_MESSAGES.deleteQuestion,
  placeholder: 'Ask Tallie anything...' satisfies typeof CHAT_MESSAGES.placeholder,
  replyFailed:
    'Sorry, I encountered an error. Please try again later.' satisfies typeof CHAT_MESSAGES.replyFailed,
  conversationNotFound: 'Conversation not found' satisfies typeof CHAT_MESSAGES.conversationNotFound,
  contentRequired: 'Message is required' satisfies typeof CHAT_MESSAGES.contentRequired,
  titleRequired: 'Title is required' satisfies typeof CHAT_MESSAGES.titleRequired,
  messagesRequired: 'At least one message is required' satisfies typeof CHAT_MESSAGES.messagesRequired,
  imageInvalid:
    'The image must be a PNG, JPEG, GIF or WebP picture of at most 4 MB' satisfies typeof CHAT_MESSAGES.imageInvalid,
  nothingToUpdate: 'Nothing to update' satisfies typeof CHAT_MESSAGES.nothingToUpdate,
} as const;
