import type { TUser } from '@quantics/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { clearToken, getToken, setToken, TWO_FACTOR_REQUIRED_EVENT } from '@/lib/api-client';
import { clearKept, fetchKept } from '@/lib/offline-kept';
import { queryKeys } from '@/lib/query-keys';
import { fetchMe, postLogout } from './session-api';

export type AuthState = {
  user: TUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  /** Stores the token and loads the user it belongs to. */
  signIn: (token: string, user: TUser) => void;
  signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

/** Auth state per spec: starts loading; a stored token fetches the current user, otherwise loading ends. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [hasToken, setHasToken] = useState(() => getToken() !== null);
  const me = useQuery({
    queryKey: queryKeys.me,
    // Kept for the app to open with no network (the Count screen in a backroom): used only when no answer came.
    queryFn: () => fetchKept('me', fetchMe),
    enabled: hasToken,
    retry: false,
    staleTime: 60_000,
  });

  // The company started requiring two-factor while this person was using the app: reload who they are, and the
  // app shows only the two-factor setup.
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    window.addEventListener(TWO_FACTOR_REQUIRED_EVENT, reload);
    return () => window.removeEventListener(TWO_FACTOR_REQUIRED_EVENT, reload);
  }, [queryClient]);

  const signIn = useCallback(
    (token: string, user: TUser) => {
      setToken(token);
      void clearKept();
      queryClient.setQueryData(queryKeys.me, user);
      setHasToken(true);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await postLogout();
    } catch {
      // The token is dropped locally whatever the server says.
    }
    clearToken();
    await clearKept();
    setHasToken(false);
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<AuthState>(() => {
    const user = hasToken && me.data ? me.data : null;
    return { user, isAuthenticated: user !== null, isLoading: hasToken && me.isPending, signIn, signOut };
  }, [hasToken, me.data, me.isPending, signIn, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
