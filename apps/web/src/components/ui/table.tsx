import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { ScrollArea } from './scroll-area';

/**
 * A data table for large screens; pair it with a card list for phones (`hidden md:block`). When it is larger than
 * its box it scrolls, and can then be focused and scrolled from the keyboard; `aria-label` names it.
 */
export function Table({ className, ...rest }: HTMLAttributes<HTMLTableElement>) {
  return (
    <ScrollArea label={rest['aria-label'] ?? 'Table'} className={cn('overflow-x-auto', className)}>
      <table {...rest} className="w-full text-left text-sm" />
    </ScrollArea>
  );
}

export function THead({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return (
    <thead
      {...rest}
      className={cn(
        'border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400',
        className,
      )}
    />
  );
}

export function TBody({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody {...rest} className={cn('divide-y divide-slate-100 dark:divide-slate-800', className)} />;
}

export function Tr({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr {...rest} className={cn('align-middle hover:bg-slate-50/60 dark:hover:bg-slate-800/30', className)} />
  );
}

export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" {...rest} className={cn('px-4 py-3 whitespace-nowrap', className)} />;
}

/** `isCompact`: less vertical padding, for cells of buttons. Text colour comes from a child when it differs. */
export function Td({
  className,
  isCompact,
  ...rest
}: TdHTMLAttributes<HTMLTableCellElement> & { isCompact?: boolean }) {
  return (
    <td
      {...rest}
      className={cn('px-4 text-slate-700 dark:text-slate-300', isCompact ? 'py-2' : 'py-3', className)}
    />
  );
}
