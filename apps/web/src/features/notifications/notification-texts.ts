import { formatCount } from '@/lib/format';
/** The bell's texts (the spec names only "a notification button with a red dot"; these are ours). */
export const NOTIFICATION_TEXTS = {
  button: 'Notifications',
  buttonUnread: (n: number) => `Notifications, ${formatCount(n)} unread`,
  title: 'Notifications',
  unreadCount: (n: number) => `${formatCount(n)} unread`,
  allRead: 'All caught up',
  markAll: 'Mark all as read',
  unread: 'Unread',
  loadError: 'Notifications could not be loaded.',
  emptyTitle: 'No notifications yet',
  emptyBody: 'Completed audits, readers going offline and products running low show up here.',
} as const;
