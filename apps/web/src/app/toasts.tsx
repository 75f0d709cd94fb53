import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

const MAX_TOASTS = 20;

/**
 * Toasts at the top right, never more than 20 on screen. On wide screens they start below the page
 * header, so a toast never sits on the page's own buttons (Add Location, Add Product...) and a
 * pointer resting there does not hold it open.
 */
export default function Toasts() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(MAX_TOASTS)
      .forEach((t) => {
        toast.dismiss(t.id);
      });
  }, [toasts]);
  return (
    <Toaster
      position="top-right"
      containerClassName="sm:top-40! lg:top-24!"
      toastOptions={{
        success: { duration: 2000 },
        error: { duration: 4000 },
        // The library paints toasts white inline; in the dark theme they follow it.
        className: 'dark:bg-slate-800! dark:text-slate-100! dark:ring-1 dark:ring-slate-700',
      }}
    />
  );
}
