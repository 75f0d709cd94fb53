import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, uniqueEmail } from '../../test/factories.ts';
import { addPerson, createTenant } from '../../test/tenants.ts';
import { createMailTestApp, type MailTestApp } from '../../test/test-app.ts';

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp({ inviteRateLimit: 3 });
});
afterAll(() => t.close());

const invite = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/team/invite',
    headers: bearer(token),
    payload: { email: uniqueEmail('limit'), name: 'Limit Test', role: 'member' },
  });

describe('invitation email limit', () => {
  it('caps the invitations a company sends per hour, across its admins, without touching other companies', async () => {
    const a = await createTenant(t, 'Busy Co');
    const secondAdmin = await addPerson(t, a.companyId, 'admin', 'Second Admin');
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await invite(i % 2 ? secondAdmin.token : a.admin.token)).statusCode);
    expect(statuses).toEqual([201, 201, 201]);

    const limited = await invite(secondAdmin.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many requests. Please try again later.' });
    const team = await t.app.inject({
      method: 'GET',
      url: '/api/team/members',
      headers: bearer(a.admin.token),
    });
    expect(team.json().filter((m: { kind: string }) => m.kind === 'invitation')).toHaveLength(3);

    const b = await createTenant(t, 'Quiet Co');
    expect((await invite(b.admin.token)).statusCode).toBe(201);
  });
});
