import { ScanLine } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Logo({ className, isInverted }: { className?: string; isInverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm">
        <ScanLine className="size-5" aria-hidden />
      </span>
      <span className={cn('text-lg', isInverted ? 'text-white' : 'text-slate-900 dark:text-slate-100')}>
        Quantics
      </span>
    </span>
  );
}
