import toast from 'react-hot-toast';

/** Errors stay 4 s, successes 2 s (spec: portal-access section 9). */
export const notify = {
  success: (message: string) => toast.success(message, { duration: 2000 }),
  error: (message: string) => toast.error(message, { duration: 4000 }),
};
