import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { AuthProvider } from '@/app/auth-provider';
import { PwaUpdates, PwaUpdatesContext } from '@/lib/pwa-update';

// The toaster and its library load as the app starts, after the first render (lib/toast.ts).
const Toasts = lazy(() => import('./toasts'));

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } }),
  );
  const [pwa] = useState(() => new PwaUpdates());
  useEffect(() => void pwa.start(), [pwa]);
  return (
    <QueryClientProvider client={queryClient}>
      <PwaUpdatesContext.Provider value={pwa}>
        <AuthProvider>{children}</AuthProvider>
      </PwaUpdatesContext.Provider>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </QueryClientProvider>
  );
}
