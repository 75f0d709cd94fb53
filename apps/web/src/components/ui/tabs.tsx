import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '@/lib/cn';

/** Radix tabs (arrow keys move between tabs; each panel is labelled by its tab), styled as an underline bar. */
export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      {...rest}
      className={cn(
        'flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800 [scrollbar-width:none]',
        className,
      )}
    />
  );
}

export function TabsTrigger({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      {...rest}
      className={cn(
        '-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-slate-500 transition-colors hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-focus data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 dark:text-slate-400 dark:hover:text-slate-200 dark:data-[state=active]:border-brand-400 dark:data-[state=active]:text-brand-300',
        className,
      )}
    />
  );
}

export function TabsContent({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixTabs.Content>) {
  return (
    <RadixTabs.Content
      {...rest}
      className={cn(
        'rounded-lg pt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-focus',
        className,
      )}
    />
  );
}
