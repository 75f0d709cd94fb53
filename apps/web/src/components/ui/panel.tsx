import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Card } from './card';

/** A titled card for one block of a page (a chart, a short list): heading row, then its body. */
export function Panel({
  title,
  icon: Icon,
  action,
  children,
  className,
  bodyClassName,
}: {
  title: string;
  icon?: LucideIcon;
  /** Shown at the right of the heading: a link, a small figure. */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
}) {
  return (
    <Card className={cn('flex min-w-0 flex-col', className)}>
      <section aria-label={title} className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4 dark:border-slate-800">
          <h2 className="flex min-w-0 items-center gap-2 text-base font-semibold text-slate-900 dark:text-slate-100">
            {Icon && <Icon className="size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />}
            <span className="truncate">{title}</span>
          </h2>
          {action}
        </div>
        <div className={cn('flex-1 p-5', bodyClassName)}>{children}</div>
      </section>
    </Card>
  );
}

/** The one-line text a panel shows when its list is empty. */
export function PanelEmpty({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex h-full min-h-32 flex-col items-center justify-center gap-2 py-6 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-400 dark:bg-slate-800 dark:text-slate-500">
        <Icon className="size-5" aria-hidden />
      </span>
      <p className="text-sm text-slate-500 dark:text-slate-400">{children}</p>
    </div>
  );
}
