import { useEffect } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';

/** One error toast when a query fails (the server's message when it sent one, else the screen's text). */
export function useToastOnError(error: unknown, fallback: string) {
  useEffect(() => {
    if (error) notify.error(errorMessage(error, fallback));
  }, [error, fallback]);
}
