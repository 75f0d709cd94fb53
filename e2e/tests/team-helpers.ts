import { type APIRequestContext, expect } from '@playwright/test';
import { linkIn, readOutbox, waitForMail } from './mail';

/** The spec's menus (portal-access section 6), written out here rather than read from the app's own rule. */
export const ADMIN_MENU = [
  'Dashboard',
  'Tallie Chat',
  'Audits',
  'Count',
  'Devices',
  'Inventory',
  'Locations',
  'Print Labels',
  'Reports',
  'Team',
  'Company',
  'Settings',
];
export const OPERATOR_MENU = [
  'Dashboard',
  'Tallie Chat',
  'Audits',
  'Count',
  'Devices',
  'Inventory',
  'Locations',
  'Print Labels',
  'Reports',
  'Company',
];
export const MEMBER_MENU = ['Dashboard', 'Tallie Chat', 'Audits', 'Inventory', 'Locations', 'Reports'];

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Invites through the API and returns the accept link read from the email that was sent. */
export async function inviteViaApi(
  request: APIRequestContext,
  adminToken: string,
  body: { email: string; name: string; role: 'admin' | 'operator' | 'member' },
): Promise<string> {
  const before = readOutbox().map((m) => m.file);
  const res = await request.post('/api/team/invite', { headers: auth(adminToken), data: body });
  expect(res.status()).toBe(201);
  const mail = await waitForMail((m) => m.to === body.email, { except: before });
  return linkIn(mail, '/accept-invite');
}

/** Accepts an invitation link as a new person; returns their session. */
export async function acceptViaApi(request: APIRequestContext, link: string, name: string) {
  const token = new URL(link).searchParams.get('token');
  const res = await request.post('/api/team/accept-invite', {
    data: { token, name, password: 'stock-count-1' },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { token: string; user: { id: number; email: string } };
}
