import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, jobsSettings, loadConfig } from './config.ts';
import { workerOptions } from './jobs/background.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'quantics-config-'));

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const dir = tempDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      logLevel: 'info',
      publicUrl: 'http://localhost:3000',
      readsRetentionDays: 30,
    });
    expect(loadConfig({ DATA_DIR: dir, READS_RETENTION_DAYS: '0' }).readsRetentionDays).toBe(0);
    expect(c.dutchie?.backgroundRefreshSeconds).toBe(900);
    const off = loadConfig({ DATA_DIR: dir, DUTCHIE_BACKGROUND_REFRESH_SECONDS: '0' });
    expect(off.dutchie?.backgroundRefreshSeconds).toBe(0);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    // Metrics are off until a token or a port is set; the port listens on loopback unless told a private address.
    expect(c.metrics).toEqual({ token: undefined, port: undefined, host: '127.0.0.1' });
    expect(c.shutdownDrainSeconds).toBe(0);
    // argon2id at the library's defaults unless told otherwise.
    expect(c.passwordHashing).toEqual({ memoryKiB: 65_536, iterations: 3, parallelism: 4 });
    expect(
      loadConfig({ DATA_DIR: dir, PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_ITERATIONS: '2' })
        .passwordHashing,
    ).toEqual({ memoryKiB: 19_456, iterations: 2, parallelism: 4 });
    expect(loadConfig({ DATA_DIR: dir, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      token: undefined,
      port: 9464,
      host: '10.0.0.5',
    });
    expect(loadConfig({ DATA_DIR: dir, METRICS_PORT: '9464', METRICS_HOST: 'fd00::5' }).metrics?.host).toBe(
      'fd00::5',
    );
  });

  it('puts the background settings under jobs, and still reads a config that names them alerts', () => {
    const c = loadConfig({ DATA_DIR: tempDir(), ALERTS_POLL_MS: '400', MAIL_RETRY_SECONDS: '1,2' });
    expect(c.jobs).toEqual({ pollMs: 400, mailRetryDelaysMs: [1000, 2000] });
    expect(c.alerts).toBeUndefined();
    expect(jobsSettings(c)).toEqual(c.jobs);
    // A config written before the rename (docs/upgrade-debt.md): its alerts are the jobs settings.
    expect(
      workerOptions({ ...c, jobs: undefined, alerts: { pollMs: 70, tasks: ['digests'] } }),
    ).toMatchObject({
      pollMs: 70,
      tasks: ['digests'],
    });
    expect(workerOptions({ ...c, alerts: { pollMs: 70 } }).pollMs).toBe(400);
  });

  it('generates APP_SECRET once into DATA_DIR and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).appSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'app-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(first);
  });

  it('takes APP_SECRET from the environment without writing a file', () => {
    const dir = tempDir();
    const secret = 's'.repeat(40);
    expect(loadConfig({ DATA_DIR: dir, APP_SECRET: secret }).appSecret).toBe(secret);
    expect(existsSync(join(dir, 'app-secret'))).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must start with postgres:// or postgresql://'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL: must start with redis:// or rediss://'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET: must be at least 32 characters'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ TALLIE_PROVIDER: 'gpt' }, 'TALLIE_PROVIDER'],
    [{ TALLIE_PROVIDER: 'openai' }, 'OPENAI_BASE_URL: is required when TALLIE_PROVIDER=openai'],
    [{ TALLIE_PROVIDER: 'openai', OPENAI_BASE_URL: 'localhost' }, 'OPENAI_BASE_URL'],
    [{ TALLIE_TIMEOUT_MS: '5' }, 'TALLIE_TIMEOUT_MS'],
    [{ READS_RETENTION_DAYS: '-1' }, 'READS_RETENTION_DAYS: must be a whole number of days from 0'],
    [{ READS_RETENTION_DAYS: 'month' }, 'READS_RETENTION_DAYS: must be a whole number of days from 0'],
    [{ READS_RETENTION_DAYS: '1.5' }, 'READS_RETENTION_DAYS: must be a whole number of days from 0'],
    [{ DUTCHIE_BACKGROUND_REFRESH_SECONDS: '30' }, 'DUTCHIE_BACKGROUND_REFRESH_SECONDS: must be 0 (off) or'],
    [{ DUTCHIE_BACKGROUND_REFRESH_SECONDS: 'hourly' }, 'DUTCHIE_BACKGROUND_REFRESH_SECONDS: must be 0 (off)'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN: must be at least 16 characters'],
    [{ METRICS_PORT: '99999' }, 'METRICS_PORT'],
    [
      { METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' },
      'METRICS_HOST: must be a loopback or private address',
    ],
    [{ METRICS_HOST: '8.8.8.8' }, 'METRICS_HOST: must be a loopback or private address'],
    [{ METRICS_HOST: 'metrics.example.com' }, 'METRICS_HOST: must be a loopback or private address'],
    [{ SHUTDOWN_DRAIN_SECONDS: '600' }, 'SHUTDOWN_DRAIN_SECONDS'],
    [{ PASSWORD_HASH_MEMORY_KIB: '512' }, 'PASSWORD_HASH_MEMORY_KIB'],
    [{ PASSWORD_HASH_MEMORY_KIB: 'lots' }, 'PASSWORD_HASH_MEMORY_KIB'],
    [{ PASSWORD_HASH_ITERATIONS: '0' }, 'PASSWORD_HASH_ITERATIONS'],
    [{ PASSWORD_HASH_PARALLELISM: '64' }, 'PASSWORD_HASH_PARALLELISM'],
  ])('refuses %j with a message naming the variable', (env, expected) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(expected);
  });

  it('never puts the secret in the error message', () => {
    try {
      loadConfig({ DATA_DIR: tempDir(), APP_SECRET: 'tiny-secret' });
    } catch (e) {
      expect(String(e)).not.toContain('tiny-secret');
    }
  });
});
