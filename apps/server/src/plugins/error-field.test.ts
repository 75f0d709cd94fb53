import { REVIEW_MESSAGES } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../test/factories.ts';
import { createTenant, type Tenant } from '../test/tenants.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** A refused input names its field in the answer (ZErrorResponse.field), so a form shows the message beside it. */
let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Field Co');
});
afterAll(() => t.close());

describe('a 400 for bad input', () => {
  it('names the body field it is about, and changes nothing', async () => {
    const url = `/api/companies/${a.companyId}/count-policy`;
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(a.admin.token),
      payload: { approval_units: 0, approval_value: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: REVIEW_MESSAGES.policyNotPositive, field: 'approval_units' });
    const policy = await t.app.inject({ method: 'GET', url, headers: bearer(a.admin.token) });
    expect(policy.json()).toEqual({ approval_units: null, approval_value: null });
  });

  it('names a query parameter too, and none for a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reports/shrink?group_by=reason&from=yesterday',
      headers: bearer(a.member.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'from must be a date (YYYY-MM-DD)', field: 'from' });
    const whole = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${a.companyId}/count-policy`,
      headers: { ...bearer(a.admin.token), 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(whole.statusCode).toBe(400);
    expect(whole.json().field).toBeUndefined();
  });
});
