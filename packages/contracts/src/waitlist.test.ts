import { describe, expect, it } from 'vitest';
import { WAITLIST_LIMITS, waitlistSanitize, ZWaitlistRequest } from './waitlist.ts';

describe('waitlistSanitize', () => {
  it('keeps only the characters each field allows', () => {
    expect(waitlistSanitize.name("Zoë O'Brien-Smith 3rd!")).toBe("Zoë O'Brien-Smith rd");
    expect(waitlistSanitize.company('Leaf & Co., Inc. #1 <x>')).toBe('Leaf & Co., Inc. 1 x');
    expect(waitlistSanitize.phoneNumber('+1 (555) 010-9999 ext. 4')).toBe('+1 (555) 010-9999  4');
  });
});

describe('ZWaitlistRequest', () => {
  it('trims, lowercases the email and cuts every field to its limit', () => {
    const v = ZWaitlistRequest.parse({
      name: ` ${'a'.repeat(120)} `,
      email: ' Pat@Example.ORG ',
      company: 'c'.repeat(300),
      phoneNumber: '1'.repeat(60),
    });
    expect(v.name).toHaveLength(WAITLIST_LIMITS.name);
    expect(v.email).toBe('pat@example.org');
    expect(v.company).toHaveLength(WAITLIST_LIMITS.company);
    expect(v.phoneNumber).toHaveLength(WAITLIST_LIMITS.phoneNumber);
  });

  it.each([
    [{ name: 'J', email: 'j@x.io' }, 'Please enter a valid name (at least 2 characters)'],
    [{ name: '!!', email: 'j@x.io' }, 'Please enter a valid name (at least 2 characters)'],
    [{ name: 'Jo', email: 'j@x' }, 'Please enter a valid email address'],
    [{ name: 'Jo', email: '' }, 'Please enter a valid email address'],
  ])('rejects %j', (input, message) => {
    const r = ZWaitlistRequest.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });

  it('treats missing optional fields as empty', () => {
    expect(ZWaitlistRequest.parse({ name: 'Jo', email: 'j@x.io' })).toMatchObject({
      company: '',
      phoneNumber: '',
    });
  });
});
