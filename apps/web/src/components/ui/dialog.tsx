import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { cn } from '@/lib/cn';

type DialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Width: 'md' fits a short form; wider ones suit tables and two-column forms. */
  size?: keyof typeof WIDTHS;
  className?: string;
};

// One width class per size: without a class merger, a max-w in `className` would not reliably beat the default.
const WIDTHS = { md: 'max-w-lg', lg: 'max-w-xl', xl: 'max-w-2xl', '2xl': 'max-w-3xl' } as const;

/**
 * Focus goes back where it was when a dialog closes. Radix returns it only to a `Dialog.Trigger`; our dialogs are
 * opened by state (a row's button, a menu item), so the element that had focus is remembered as the dialog opens:
 * during that render, before anything inside (an `autoFocus` field) has taken focus.
 */
function useReturnFocus(isOpen: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (isOpen && !wasOpen.current && typeof document !== 'undefined') {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = isOpen;
  return {
    onCloseAutoFocus: (event: Event) => {
      const el = opener.current;
      opener.current = null;
      if (!el?.isConnected || el === document.body) return;
      event.preventDefault();
      el.focus({ preventScroll: true });
    },
  };
}

/** A centred modal: Escape and the close button dismiss it; focus stays inside while open and then goes back. */
export function Dialog({
  isOpen,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
  className,
}: DialogProps) {
  const returnFocus = useReturnFocus(isOpen);
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[1px] dark:bg-black/60" />
        <RadixDialog.Content
          {...returnFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none dark:bg-slate-900 dark:ring-1 dark:ring-slate-800',
            WIDTHS[size],
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold text-slate-900 dark:text-slate-100">
                {title}
              </RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="rounded-lg p-1 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

type SheetProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
};

/** A slide-over panel from the left (the small-screen menu). */
export function Sheet({ isOpen, onOpenChange, title, children }: SheetProps) {
  const returnFocus = useReturnFocus(isOpen);
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 dark:bg-black/60" />
        <RadixDialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none dark:bg-slate-900"
        >
          <RadixDialog.Title className="sr-only">{title}</RadixDialog.Title>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;
