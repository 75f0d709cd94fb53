import { hasRole, type TRole } from '@quantics/contracts';
import { useAuth } from './auth-provider';

/**
 * Whether the signed-in person's role is at least `role` (member < operator < admin). The menu and buttons only
 * reflect it; the server decides.
 */
export function useCan(role: TRole): boolean {
  const { user } = useAuth();
  return user !== null && hasRole(user.role, role);
}
