import { describe, expect, it } from 'vitest';
import { companyNameFromEmail, ZLoginRequest, ZRegisterForm, ZRegisterRequest } from './auth.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

describe('ZRegisterRequest', () => {
  it('trims and lowercases the email and defaults the optional fields', () => {
    const v = ZRegisterRequest.parse({ email: '  Ann@Example.COM ', password: 'secret1' });
    expect(v).toEqual({
      email: 'ann@example.com',
      password: 'secret1',
      company: '',
      useDutchie: false,
      dutchieApiKey: '',
    });
  });

  it.each([
    [{ email: '', password: 'secret1' }, 'Email is required'],
    [{ email: 'nope', password: 'secret1' }, 'Please enter a valid email address'],
    [{ email: 'a@b.co', password: '' }, 'Password is required'],
    [{ email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters'],
    [
      { email: 'a@b.co', password: 'secret1', useDutchie: true },
      'Dutchie API key is required when using Dutchie integration',
    ],
  ])('rejects %j with the spec message', (input, message) => {
    expect(firstMessage(ZRegisterRequest.safeParse(input))).toBe(message);
  });

  it('accepts a Dutchie registration with a key', () => {
    expect(
      ZRegisterRequest.safeParse({
        email: 'a@b.co',
        password: 'secret1',
        useDutchie: true,
        dutchieApiKey: 'k',
      }).success,
    ).toBe(true);
  });
});

describe('ZRegisterForm', () => {
  it('requires the confirmation to match', () => {
    const r = ZRegisterForm.safeParse({ email: 'a@b.co', password: 'secret1', confirmPassword: 'secret2' });
    expect(firstMessage(r)).toBe('Passwords do not match');
  });
});

describe('ZLoginRequest', () => {
  it('uses the spec messages', () => {
    expect(firstMessage(ZLoginRequest.safeParse({ email: '', password: 'x' }))).toBe('Email is required');
    expect(firstMessage(ZLoginRequest.safeParse({ email: 'a@b.co', password: '' }))).toBe(
      'Password is required',
    );
  });
});

describe('companyNameFromEmail', () => {
  it('uses the domain', () => {
    expect(companyNameFromEmail('owner@greenleaf.co')).toBe('greenleaf.co');
  });
});
