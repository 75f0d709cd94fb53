import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitlistEntries } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ waitlistRateLimit: 5 });
});
afterAll(() => t.close());

const join = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/waitlist', payload: payload as object, remoteAddress: ip });

describe('POST /api/waitlist', () => {
  it('cleans values the way the form does: strips, trims, lowercases and cuts to limits', async () => {
    const res = await join(
      {
        name: "  Ana-María <script> O'Neil 42 ",
        email: '  Ana.Maria@Example.COM ',
        company: 'Leaf & Co. <b>Ltd</b>',
        phoneNumber: '+1 (555) 010-9999 ext#',
      },
      '10.0.0.2',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: "Thank you for joining our waitlist! We'll be in touch soon.",
    });
    const [row] = await t.database.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.email, 'ana.maria@example.com'));
    expect(row).toMatchObject({
      name: "Ana-María script O'Neil",
      company: 'Leaf & Co. bLtdb',
      phoneNumber: '+1 (555) 010-9999',
    });
  });

  it('cuts long values to the limits', async () => {
    await join({ name: 'N'.repeat(150), email: 'long@example.com', company: 'C'.repeat(300) }, '10.0.0.3');
    const [row] = await t.database.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.email, 'long@example.com'));
    expect(row?.name).toHaveLength(100);
    expect(row?.company).toHaveLength(255);
  });

  it('answers success without a second row for the same email', async () => {
    await join({ name: 'First Try', email: 'twice@example.com' }, '10.0.0.4');
    const again = await join({ name: 'Second Try', email: 'TWICE@example.com' }, '10.0.0.4');
    expect(again.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.email, 'twice@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('First Try');
  });

  it.each([
    [{ name: 'A', email: 'a@b.co' }, 'Please enter a valid name (at least 2 characters)', 'name'],
    [{ name: '12 34', email: 'a@b.co' }, 'Please enter a valid name (at least 2 characters)', 'name'],
    [{ name: 'Al Smith', email: 'not-an-email' }, 'Please enter a valid email address', 'email'],
    [{ name: 'Al Smith', email: 'a@b' }, 'Please enter a valid email address', 'email'],
    [{ name: 'Al Smith' }, 'Please enter a valid email address', 'email'],
    [{ email: 'a@b.co' }, 'Please enter a valid name (at least 2 characters)', 'name'],
  ])('rejects %j with the spec message, naming the field', async (payload, message, field) => {
    const res = await join(payload, `10.0.1.${JSON.stringify(payload).length}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field });
  });

  it('limits sign-ups per client address and answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await join({ name: 'Rate Test', email: `rate${i}@example.com` }, '10.9.9.9')).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    const limited = await join({ name: 'Rate Test', email: 'rate-x@example.com' }, '10.9.9.9');
    expect(limited.json()).toEqual({ message: 'Too many requests. Please try again later.' });
    const other = await join({ name: 'Other Client', email: 'other@example.com' }, '10.9.9.10');
    expect(other.statusCode).toBe(200);
  });
});
