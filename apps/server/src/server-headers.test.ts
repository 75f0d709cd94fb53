import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { type Database, openDatabase } from './db/client.ts';
import { testConfig } from './test/test-app.ts';

/** A stand-in for the built web app: an index.html and one hashed asset. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quantics-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><body>${'<p>app</p>'.repeat(200)}</body></html>`,
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  return dir;
}

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  database = await openDatabase({ dataDir: null });
  app = await buildApp(testConfig({ webDist: fakeWebDist(), signupRateLimit: 3 }), {
    database,
    logger: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('headers and static files', () => {
  it('sends a strict CSP and the other security headers on pages and API answers', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("img-src 'self' data:");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Plain http here: no HSTS (it would pin a browser to https that does not exist).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS when the public address is https', async () => {
    const db = await openDatabase({ dataDir: null });
    const https = await buildApp(testConfig({ publicUrl: 'https://quantics.example.com' }), {
      database: db,
      logger: false,
    });
    const res = await https.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await https.close();
    await db.close();
  });

  it('caches hashed assets for a year, never the app shell, and answers HEAD for pages', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/inventory']) {
      const page = await app.inject({ method: 'GET', url });
      expect([page.statusCode, page.headers['cache-control']]).toEqual([200, 'no-store']);
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('compresses text when the browser accepts it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
    const page = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
  });

  it('limits sign-ups per client address', async () => {
    const signUp = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: `limit${i}@example.com`, password: 'correct-horse', company: `Limit ${i}` },
      });
    for (let i = 0; i < 3; i++) expect((await signUp(i)).statusCode).toBe(201);
    const fourth = await signUp(3);
    expect([fourth.statusCode, fourth.json()]).toEqual([
      429,
      { message: 'Too many requests. Please try again later.' },
    ]);
  });

  it('says a 100,000-character password is too long instead of missing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'x'.repeat(100_000) },
    });
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { message: 'Password must be at most 200 characters', field: 'password' },
    ]);
  });
});
