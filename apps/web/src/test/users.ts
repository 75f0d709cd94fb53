import type { TUser } from '@quantics/contracts';

/** The signed-in person as GET /api/auth/me answers it: an operator of a catalogue company unless `over` says. */
export const signedIn = (over: Partial<TUser> = {}): TUser => ({
  id: 3,
  name: 'Alex',
  email: 'alex@example.com',
  role: 'operator',
  company: 'Acme',
  company_id: 9,
  inventory_type: 'manual',
  must_set_up_two_factor: false,
  ...over,
});
