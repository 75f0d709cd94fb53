import type { TCompany, TUserCompany } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import { addPerson, createTenant, PERSON_PASSWORD } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('creating and listing companies', () => {
  it('makes the creator admin of a new manual-inventory company, without moving the session', async () => {
    const a = await createTenant(t, 'First Co');
    const res = await call('POST', '/api/companies', a.admin.token, { name: '  Second Co ' });
    expect(res.statusCode).toBe(201);
    const created = res.json() as TCompany;
    expect(created).toMatchObject({ name: 'Second Co', inventory_type: 'manual' });

    const mine = (await call('GET', '/api/companies', a.admin.token)).json() as TCompany[];
    expect(mine.map((c) => c.name)).toEqual(['First Co', 'Second Co']);
    const entries = (await call('GET', '/api/team/companies', a.admin.token)).json() as TUserCompany[];
    expect(entries).toEqual([
      { id: a.companyId, name: 'First Co', role: 'admin', is_current: true },
      { id: created.id, name: 'Second Co', role: 'admin', is_current: false },
    ]);
    const current = await call('GET', '/api/companies/current', a.admin.token);
    expect(current.json()).toMatchObject({ id: a.companyId, name: 'First Co' });
  });

  it('requires a name', async () => {
    const a = await createTenant(t, 'Named Co');
    const res = await call('POST', '/api/companies', a.admin.token, { name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Company name is required', field: 'name' });
  });

  it('lets operators read but not create or edit; members neither', async () => {
    const a = await createTenant(t, 'Rights Co');
    expect((await call('GET', '/api/companies/current', a.operator.token)).statusCode).toBe(200);
    const create = await call('POST', '/api/companies', a.operator.token, { name: 'Nope' });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toMatch(/^Only admins can do this/);
    const read = await call('GET', '/api/companies', a.member.token);
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toMatch(/^Only operators and admins can do this/);
  });
});

describe('editing and stats', () => {
  it('renames the current company and records it', async () => {
    const a = await createTenant(t, 'Old Name');
    const res = await call('PUT', `/api/companies/${a.companyId}`, a.admin.token, { name: 'New Name' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.companyId, name: 'New Name' });
    const me = await call('GET', '/api/auth/me', a.member.token);
    expect(me.json().company).toBe('New Name');
    const activity = await call('GET', '/api/stats/activity', a.member.token);
    expect(activity.json().recentActivity[0]).toMatchObject({
      action: 'company.update',
      message: `${a.admin.email} renamed the company from Old Name to New Name`,
    });
  });

  it("acts only on the session's company: another of one's own companies is not found until switched to", async () => {
    const a = await createTenant(t, 'Home Base');
    const other = (
      await call('POST', '/api/companies', a.admin.token, { name: 'Branch' })
    ).json() as TCompany;
    const edit = await call('PUT', `/api/companies/${other.id}`, a.admin.token, { name: 'Renamed' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual({ message: 'Company not found' });
    expect((await call('GET', `/api/companies/${other.id}/stats`, a.admin.token)).statusCode).toBe(404);
  });

  it('counts active team members and products, and zero of what does not exist yet', async () => {
    const a = await createTenant(t, 'Counted Co');
    await addPerson(t, a.companyId, 'member');
    for (const sku of ['CNT1', 'CNT2'])
      await call('POST', '/api/inventory', a.operator.token, { name: sku, sku });
    const res = await call('GET', `/api/companies/${a.companyId}/stats`, a.operator.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ users: 4, products: 2, devices: 0, audits: 0 });
  });
});

describe('POST /api/team/switch-company', () => {
  it('answers a new session in the chosen company, ends the old one, and is where the next sign-in lands', async () => {
    const a = await createTenant(t, 'Origin Co');
    const b = await createTenant(t, 'Target Co');
    // The operator of A is made a member of B as well.
    await t.database.db
      .insert(memberships)
      .values({ userId: a.operator.userId, companyId: b.companyId, role: 'member' });

    const res = await call('POST', '/api/team/switch-company', a.operator.token, { companyId: b.companyId });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ company_id: b.companyId, company: 'Target Co', role: 'member' });
    expect((await call('GET', '/api/auth/me', a.operator.token)).statusCode).toBe(401);
    const me = await call('GET', '/api/auth/me', res.json().token);
    expect(me.json()).toMatchObject({ company_id: b.companyId, role: 'member' });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.operator.email, password: PERSON_PASSWORD },
    });
    expect(login.json().user.company_id).toBe(b.companyId);

    // A member can switch back to where they are operator.
    const back = await call('POST', '/api/team/switch-company', res.json().token, { companyId: a.companyId });
    expect(back.statusCode).toBe(200);
    expect(back.json().user).toMatchObject({ company_id: a.companyId, role: 'operator' });
  });

  it("answers 404 for a company one doesn't belong to, and keeps the session", async () => {
    const a = await createTenant(t, 'Mine Co');
    const b = await createTenant(t, 'Theirs Co');
    const res = await call('POST', '/api/team/switch-company', a.admin.token, { companyId: b.companyId });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Company not found' });
    expect((await call('GET', '/api/auth/me', a.admin.token)).statusCode).toBe(200);
  });
});
