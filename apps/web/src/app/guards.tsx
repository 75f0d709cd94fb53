import { MENU, menuFor, type TMenuKey } from '@quantics/contracts';
import { lazy, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useAuth } from '@/app/auth-provider';
import { FullPageSpinner } from '@/components/ui/spinner';
import { safeNextPath } from '@/lib/safe-next';

// Rarely shown: loaded when it is (inside the shell's Suspense).
const NoAccessPage = lazy(() =>
  import('@/features/shared/pages/no-access-page').then((m) => ({ default: m.NoAccessPage })),
);

/** Signed-in only: a spinner while auth loads, /login without a session. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  return children;
}

/**
 * A company that requires two-factor shows a person without it only the setup (`setup`), whatever address they
 * open; the server refuses their other calls anyway. Switching to a company that does not require it works as before.
 */
export function RequireTwoFactorIfAsked({ setup, children }: { setup: ReactNode; children: ReactNode }) {
  const { user } = useAuth();
  return user?.must_set_up_two_factor ? setup : children;
}

/** Signed-out only (landing, login, register): a signed-in user goes to the dashboard (or a same-site ?next=). */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  const [params] = useSearchParams();
  if (isLoading) return <FullPageSpinner />;
  if (isAuthenticated) return <Navigate to={safeNextPath(params.get('next')) ?? '/dashboard'} replace />;
  return children;
}

// Everyone manages their own account, whatever the menu shows.
const ALWAYS_ALLOWED: readonly TMenuKey[] = ['dashboard', 'settings'];

/** Pages follow the role's menu; the server enforces the same rules on every call. */
export function RequireMenu({ menuKey, children }: { menuKey: TMenuKey; children: ReactNode }) {
  const { user } = useAuth();
  if (!user) return null;
  const isAllowed =
    ALWAYS_ALLOWED.includes(menuKey) ||
    menuFor(user.role, user.inventory_type).some((m) => m.key === menuKey);
  return isAllowed ? children : <NoAccessPage />;
}

export const MENU_KEYS = MENU.map((m) => m.key);
