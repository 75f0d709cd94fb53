import { describe, expect, it } from 'vitest';
import { ZActivityQuery } from './activity.ts';
import { ZIdParam } from './common.ts';
import { ZCompanyNameRequest, ZSwitchCompanyRequest } from './companies.ts';
import { ZAcceptInviteForm, ZInviteRequest, ZUpdateMemberRoleRequest } from './team.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('ZInviteRequest', () => {
  it('asks for email, name and role with the one spec message', () => {
    for (const body of [
      {},
      { email: 'a@b.co', name: 'Ann' },
      { email: '', name: 'Ann', role: 'member' },
      { email: 'a@b.co', name: '  ', role: 'member' },
      { email: 'a@b.co', name: 'Ann', role: '' },
    ]) {
      expect(firstMessage(ZInviteRequest.safeParse(body))).toBe('Email, name, and role are required');
    }
  });

  it('normalises the email, trims the name and defaults the message', () => {
    const r = ZInviteRequest.parse({ email: ' Ann@Example.COM ', name: ' Ann ', role: 'operator' });
    expect(r).toEqual({ email: 'ann@example.com', name: 'Ann', role: 'operator', message: '' });
  });

  it('refuses a malformed email and an unknown role with their own messages', () => {
    expect(firstMessage(ZInviteRequest.safeParse({ email: 'nope', name: 'A', role: 'member' }))).toBe(
      'Please enter a valid email address',
    );
    expect(firstMessage(ZInviteRequest.safeParse({ email: 'a@b.co', name: 'A', role: 'owner' }))).toBe(
      'Role must be admin, operator or member',
    );
    expect(firstMessage(ZUpdateMemberRoleRequest.safeParse({ role: 'owner' }))).toBe(
      'Role must be admin, operator or member',
    );
  });
});

describe('ZAcceptInviteForm', () => {
  it('needs a name, an 8-character password and a matching confirmation', () => {
    const ok = { name: 'Ann', password: 'long-enough', confirmPassword: 'long-enough' };
    expect(ZAcceptInviteForm.safeParse(ok).success).toBe(true);
    expect(firstMessage(ZAcceptInviteForm.safeParse({ ...ok, name: ' ' }))).toBe('Name is required');
    expect(
      firstMessage(ZAcceptInviteForm.safeParse({ ...ok, password: 'short', confirmPassword: 'short' })),
    ).toBe('Password must be at least 8 characters');
    expect(firstMessage(ZAcceptInviteForm.safeParse({ ...ok, confirmPassword: 'other-one' }))).toBe(
      'Passwords do not match',
    );
  });
});

describe('company schemas', () => {
  it('requires a company name', () => {
    expect(firstMessage(ZCompanyNameRequest.safeParse({ name: '   ' }))).toBe('Company name is required');
    expect(firstMessage(ZCompanyNameRequest.safeParse({}))).toBe('Company name is required');
    expect(ZCompanyNameRequest.parse({ name: ' North ' })).toEqual({ name: 'North' });
  });

  it('takes only real ids, within PostgreSQL integer range', () => {
    expect(ZSwitchCompanyRequest.safeParse({ companyId: 3 }).success).toBe(true);
    for (const companyId of [0, -1, 1.5, '3', 2_147_483_648]) {
      expect(ZSwitchCompanyRequest.safeParse({ companyId }).success).toBe(false);
    }
    expect(ZIdParam.safeParse({ id: '2147483647' }).success).toBe(true);
    expect(ZIdParam.safeParse({ id: '2147483648' }).success).toBe(false);
  });

  it('bounds the activity page size', () => {
    expect(ZActivityQuery.parse({})).toEqual({ limit: 20 });
    expect(ZActivityQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(ZActivityQuery.safeParse({ limit: '0' }).success).toBe(false);
  });
});
