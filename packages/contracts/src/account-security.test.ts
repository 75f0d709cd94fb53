import { describe, expect, it } from 'vitest';
import { ZForgotPasswordRequest, ZResetPasswordForm, ZResetPasswordRequest } from './password-reset.ts';
import { ZChangePasswordForm, ZChangePasswordRequest, ZUpdateProfileRequest } from './settings.ts';
import {
  BACKUP_CODE_ALPHABET,
  formatManualEntryKey,
  parseTwoFactorCode,
  ZDisableTwoFactorRequest,
  ZVerifyTwoFactorRequest,
} from './two-factor.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

describe('forgot and reset password', () => {
  it.each([
    [{ email: '' }, 'Email is required'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
  ])('forgot-password refuses %j with the spec message', (input, message) => {
    expect(firstMessage(ZForgotPasswordRequest.safeParse(input))).toBe(message);
  });

  it('resets need a token and an 8-character password', () => {
    expect(firstMessage(ZResetPasswordRequest.safeParse({ token: 't', password: '' }))).toBe(
      'Password is required',
    );
    expect(firstMessage(ZResetPasswordRequest.safeParse({ token: 't', password: '1234567' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(firstMessage(ZResetPasswordRequest.safeParse({ token: ' ', password: '12345678' }))).toBe(
      'Invalid or expired reset token',
    );
    expect(ZResetPasswordRequest.safeParse({ token: 'abc', password: '12345678' }).success).toBe(true);
  });

  it('the reset form checks the confirmation', () => {
    const r = ZResetPasswordForm.safeParse({ password: '12345678', confirmPassword: '12345679' });
    expect(firstMessage(r)).toBe('Passwords do not match');
  });
});

describe('profile', () => {
  it.each([
    [{ name: '', email: 'a@b.co' }, 'Name and email are required'],
    [{ name: 'Ann', email: ' ' }, 'Name and email are required'],
    [{ name: 'Ann', email: 'nope' }, 'Please enter a valid email address'],
    [
      { name: 'Ann', email: 'a@b.co', phone: 'call me' },
      'Phone may contain only digits, spaces, +, - and parentheses',
    ],
  ])('refuses %j', (input, message) => {
    expect(firstMessage(ZUpdateProfileRequest.safeParse(input))).toBe(message);
  });

  it('trims and lowercases', () => {
    expect(
      ZUpdateProfileRequest.parse({ name: ' Ann ', email: ' Ann@B.co ', phone: ' +1 (555) 010-2000 ' }),
    ).toEqual({
      name: 'Ann',
      email: 'ann@b.co',
      phone: '+1 (555) 010-2000',
    });
  });
});

describe('change password', () => {
  it('the request uses the spec messages', () => {
    expect(
      firstMessage(ZChangePasswordRequest.safeParse({ currentPassword: '', newPassword: 'abcdefgh' })),
    ).toBe('All password fields are required');
    expect(
      firstMessage(ZChangePasswordRequest.safeParse({ currentPassword: 'x', newPassword: 'short' })),
    ).toBe('Password must be at least 8 characters long');
  });

  it.each([
    [{ currentPassword: 'x', newPassword: '', confirmPassword: '' }, 'All password fields are required'],
    [
      { currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgi' },
      'New passwords do not match',
    ],
    [
      { currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' },
      'Password must be at least 8 characters long',
    ],
  ])('the form refuses %j', (input, message) => {
    expect(firstMessage(ZChangePasswordForm.safeParse(input))).toBe(message);
  });
});

describe('two-factor', () => {
  it('verify takes exactly six digits', () => {
    for (const code of ['12345', '1234567', 'abcdef', '', '12 345']) {
      expect(firstMessage(ZVerifyTwoFactorRequest.safeParse({ code }))).toBe(
        'Please enter a valid 6-digit code',
      );
    }
    expect(ZVerifyTwoFactorRequest.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
  });

  it('disable needs the password, the code is optional', () => {
    expect(firstMessage(ZDisableTwoFactorRequest.safeParse({ password: '' }))).toBe('Password is required');
    expect(ZDisableTwoFactorRequest.safeParse({ password: 'x' }).success).toBe(true);
  });

  it('tells authenticator codes from backup codes', () => {
    expect(parseTwoFactorCode(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(parseTwoFactorCode('abcd-2345')).toEqual({ kind: 'backup', code: 'ABCD2345' });
    expect(parseTwoFactorCode('12345')).toBeNull();
    expect(parseTwoFactorCode('abc!2345')).toBeNull();
  });

  it('backup codes can never look like an authenticator code', () => {
    expect(BACKUP_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(new Set(BACKUP_CODE_ALPHABET).size).toBe(BACKUP_CODE_ALPHABET.length);
  });

  it('groups the manual key by four', () => {
    expect(formatManualEntryKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
