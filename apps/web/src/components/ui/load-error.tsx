import { RefreshCw } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { Button } from './button';
import { EmptyState } from './empty-state';

/**
 * A list that could not load says so and offers to try again, instead of claiming to be empty. The server's
 * message is shown when it gave one.
 */
export function LoadError({
  title,
  error,
  onRetry,
  isRetrying,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  isRetrying?: boolean;
}) {
  return (
    <EmptyState
      icon={RefreshCw}
      title={title}
      action={
        <Button variant="secondary" onClick={onRetry} isLoading={isRetrying}>
          Try again
        </Button>
      }
    >
      {errorMessage(error, 'Check your connection and try again.')}
    </EmptyState>
  );
}
