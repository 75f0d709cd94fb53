import { cn } from '@/lib/cn';

/**
 * An on/off switch (role="switch"). Label it with `aria-labelledby` (and `aria-describedby` for a hint); `size` lg
 * is the phone-first one of the Count screen.
 */
export function Switch({
  isOn,
  onChange,
  size = 'md',
  className,
  ...aria
}: {
  isOn: boolean;
  onChange: (isOn: boolean) => void;
  size?: 'md' | 'lg';
  className?: string;
  disabled?: boolean;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isOn}
      onClick={() => onChange(!isOn)}
      className={cn(
        'relative inline-flex shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-50',
        size === 'lg' ? 'h-7 w-12' : 'h-6 w-11',
        isOn ? 'bg-brand-600' : 'bg-slate-300 dark:bg-slate-700',
        className,
      )}
      {...aria}
    >
      <span
        className={cn(
          'inline-block rounded-full bg-white shadow transition-transform',
          size === 'lg' ? 'size-6' : 'size-5',
          isOn ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
}
