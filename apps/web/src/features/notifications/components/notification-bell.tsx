import type { TNotification } from '@quantics/contracts';
import * as Menu from '@radix-ui/react-dropdown-menu';
import {
  AlertTriangle,
  Bell,
  BellOff,
  Boxes,
  CheckCheck,
  ClipboardCheck,
  Printer,
  Radio,
} from 'lucide-react';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatTimeAgo } from '@/lib/format';
import { useMarkRead, useNotifications } from '../api/notifications';
import { NOTIFICATION_TEXTS as T } from '../notification-texts';

function iconFor(type: string) {
  if (type === 'audit.failed' || type === 'inventory.out_of_stock' || type === 'print.job_failed')
    return {
      Icon: type === 'print.job_failed' ? Printer : AlertTriangle,
      tone: 'text-red-600 bg-red-50 dark:bg-red-500/10 dark:text-red-400',
    };
  if (type.startsWith('audit.'))
    return {
      Icon: ClipboardCheck,
      tone: 'text-emerald-600 bg-emerald-50 dark:bg-emerald-500/10 dark:text-emerald-400',
    };
  if (type.startsWith('device.'))
    return { Icon: Radio, tone: 'text-amber-600 bg-amber-50 dark:bg-amber-500/10 dark:text-amber-400' };
  return { Icon: Boxes, tone: 'text-brand-600 bg-brand-50 dark:bg-brand-500/10 dark:text-brand-400' };
}

/**
 * The bell in the header, on every screen size: a red dot with the unread count only while something is unread,
 * and the latest notifications, each opening its page and marking itself read.
 */
export function NotificationBell({
  userId,
  companyId,
  align = 'end',
}: {
  userId: number;
  companyId: number;
  align?: 'start' | 'end';
}) {
  const navigate = useNavigate();
  const notifications = useNotifications(userId, companyId);
  const markRead = useMarkRead();
  const unread = notifications.data?.unread ?? 0;
  const items = notifications.data?.data ?? [];

  const open = (n: TNotification) => {
    if (!n.read) markRead.mutate([n.id]);
    if (n.link) navigate(n.link);
  };

  return (
    <Menu.Root>
      <Menu.Trigger
        className="relative rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus dark:text-slate-300 dark:hover:bg-slate-800"
        aria-label={unread > 0 ? T.buttonUnread(unread) : T.button}
        data-testid="notification-bell"
      >
        <Bell className="size-6" aria-hidden />
        {unread > 0 && (
          <span
            className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white dark:ring-slate-900"
            data-testid="notification-dot"
            aria-hidden
          >
            {T.dot(unread)}
          </span>
        )}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align={align}
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-[min(24rem,calc(100vw-1.5rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <div>
              <p className="text-sm font-semibold text-slate-900 dark:text-slate-100">{T.title}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {unread > 0 ? T.unreadCount(unread) : T.allRead}
              </p>
            </div>
            {unread > 0 && (
              <Menu.Item
                onSelect={(e) => {
                  e.preventDefault();
                  markRead.mutate(undefined);
                }}
                className="flex cursor-pointer items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-brand-600 outline-none hover:bg-brand-50 data-highlighted:bg-brand-50 dark:text-brand-400 dark:hover:bg-brand-500/10 dark:data-highlighted:bg-brand-500/10"
              >
                <CheckCheck className="size-4" aria-hidden />
                {T.markAll}
              </Menu.Item>
            )}
          </div>
          <div className="max-h-[min(28rem,70vh)] overflow-y-auto">
            {notifications.isPending ? (
              <div className="flex justify-center p-6">
                <Spinner />
              </div>
            ) : notifications.isError ? (
              <p className="p-6 text-center text-sm text-red-600 dark:text-red-400">{T.loadError}</p>
            ) : items.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
                <BellOff className="size-8 text-slate-300 dark:text-slate-600" aria-hidden />
                <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{T.emptyTitle}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{T.emptyBody}</p>
              </div>
            ) : (
              items.map((n) => {
                const { Icon, tone } = iconFor(n.type);
                return (
                  <Menu.Item
                    key={n.id}
                    onSelect={() => open(n)}
                    className={cn(
                      'flex cursor-pointer gap-3 border-b border-slate-100 px-4 py-3 outline-none last:border-b-0 data-highlighted:bg-slate-50 dark:border-slate-800 dark:data-highlighted:bg-slate-800/60',
                      !n.read && 'bg-brand-50/40 dark:bg-brand-500/5',
                    )}
                    data-testid="notification-item"
                    data-read={n.read}
                  >
                    <span
                      className={cn(
                        'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full',
                        tone,
                      )}
                    >
                      <Icon className="size-4" aria-hidden />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span
                        className={cn(
                          'block text-sm text-slate-900 dark:text-slate-100',
                          n.read ? 'font-normal' : 'font-semibold',
                        )}
                      >
                        {n.title}
                      </span>
                      {n.body && (
                        <span className="mt-0.5 line-clamp-2 block text-xs text-slate-500 dark:text-slate-400">
                          {n.body}
                        </span>
                      )}
                      <span className="mt-1 block text-[11px] text-slate-400 dark:text-slate-500">
                        {formatTimeAgo(n.created_at)}
                      </span>
                    </span>
                    {!n.read && (
                      <span className="mt-2 size-2 shrink-0 rounded-full bg-brand-600">
                        <span className="sr-only">{T.unread}</span>
                      </span>
                    )}
                  </Menu.Item>
                );
              })
            )}
          </div>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
