import { formatCount } from '@/lib/format';
/** The bell's texts (the spec names only "a notification button with a red dot"; these are ours). */
export const NOTIFICATION_TEXTS = {
  button: 'Notifications',
  /** What the red dot shows: the count, or 9+ beyond nine. */
  dot: (n: number) => (n > 9 ? `${formatCount(9)}+` : formatCount(n)),
  /** The bell's name holds the dot's text as shown (a name that differs from its visible text fails axe). */
  buttonUnread: (n: number) => `Notifications, ${n > 9 ? `${formatCount(9)}+` : formatCount(n)} unread`,
  title: 'Notifications',
  unreadCount: (n: number) => `${formatCount(n)} unread`,
  allRead: 'All caught up',
  markAll: 'Mark all as read',
  unread: 'Unread',
  loadError: 'Notifications could not be loaded.',
  emptyTitle: 'No notifications yet',
  emptyBody: 'Completed audits, readers going offline and products running low show up here.',
} as const;
