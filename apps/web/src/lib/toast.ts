/**
 * Toasts. The library (react-hot-toast and its styling engine) is not in the first load every page pays: it comes in
 * its own chunk, fetched as the app starts (app/providers.tsx renders the toaster lazily) and precached for offline
 * use like every other file; a toast asked for before it arrived is shown once it has.
 */
const library = () => import('react-hot-toast');

/** Errors stay 4 s, successes 2 s (spec: portal-access section 9). */
export const notify = {
  success: (message: string) => {
    void library().then(({ default: toast }) => toast.success(message, { duration: 2000 }));
  },
  error: (message: string) => {
    void library().then(({ default: toast }) => toast.error(message, { duration: 4000 }));
  },
};
