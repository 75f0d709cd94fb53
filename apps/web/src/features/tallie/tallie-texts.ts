/**
 * The screen's own texts (labels, toasts, empty states), word for word from the spec. The API's messages are the
 * contracts' constants, referenced here rather than retyped, so there is one copy of each.
 */
export const CHAT_TEXTS = {
  pageTitle: 'Tallie Chat',
  history: 'Chat History',
  noHistory: 'No chat history yet',
  newChat: 'New chat',
  clearAll: 'Clear all',
  clearAllQuestion: 'Delete all your conversations with Tallie? This cannot be undone.',
  deleteQuestion: 'Delete this conversation?',
  placeholder: 'Ask Tallie anything...',
} as const;
