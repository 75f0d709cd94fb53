import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { type Database, openDatabase } from './db/client.ts';
import { freePort } from './test/ports.ts';
import { testConfig } from './test/test-app.ts';

/** A throwaway redis-server of our own, so stopping it disturbs nobody else's tests. */
async function startRedis(port: number): Promise<ChildProcess> {
  const proc = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return proc;
}

async function stop(proc: ChildProcess) {
  if (proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGKILL');
  await exited;
}

const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

// Runs where redis-server is installed (CI's Redis pass has it): the portal with REDIS_URL while its Redis dies.
describe.runIf(hasRedisServer)('Redis going away', () => {
  let port: number;
  let redis: ChildProcess;
  let database: Database;
  let app: FastifyInstance;
  const logLines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    database = await openDatabase({ dataDir: null });
    app = await buildApp(
      testConfig({ redisUrl: `redis://127.0.0.1:${port}`, waitlistRateLimit: 3, logLevel: 'info' }),
      { database, logStream: { write: (line) => logLines.push(JSON.parse(line)) } },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (redis) await stop(redis);
  });

  const join = (i: number, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/waitlist',
      remoteAddress: ip,
      payload: { name: 'Redis Outage', email: `outage${i}-${ip}@example.com` },
    });

  it('keeps answering (limits counted in memory, one warning), never a 500, and shares counts again once back', async () => {
    expect((await join(0, '10.9.0.1')).statusCode).toBe(200);
    await stop(redis);

    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) statuses.push((await join(i, '10.9.0.2')).statusCode);
    // Limit 3 per address still holds while Redis is away; nothing failed with 500.
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Fast: each call gives up on Redis within its 1 s command timeout, most at once (connection refused).
    expect(Date.now() - started).toBeLessThan(8000);

    // A wrong password while Redis is down counts in the database instead: 401, not 500.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect([login.statusCode, login.json()]).toEqual([401, { message: 'Invalid credentials' }]);

    const warnings = logLines.filter((l) => l.level === 40).map((l) => l.msg);
    expect(warnings).toContain('Redis unavailable: rate limits are counted per instance until it is back');
    expect(warnings).toContain(
      'Redis unavailable: failed sign-ins are counted in the database until it is back',
    );
    // One warning per outage, not one per request.
    expect(warnings.filter((m) => m.startsWith('Redis unavailable: rate limits')).length).toBe(1);

    redis = await startRedis(port);
    // ioredis reconnects by itself (backoff up to 2 s); then counts live in Redis again.
    await expect
      .poll(async () => (await app.redis?.ping().catch(() => null)) ?? null, { timeout: 10_000 })
      .toBe('PONG');
    const back: number[] = [];
    for (let i = 10; i < 14; i++) back.push((await join(i, '10.9.0.3')).statusCode);
    expect(back).toEqual([200, 200, 200, 429]);
    expect(Number(await app.redis?.get('quantics-rl-POST/api/waitlist-10.9.0.3'))).toBe(4);
  });
});
