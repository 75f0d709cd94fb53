import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import { bearer } from '../test/factories.ts';
import { createTestApp, type TestApp, testConfig } from '../test/test-app.ts';
import { workerOptions } from './background.ts';
import { JOB_KINDS } from './kinds.ts';
import { JobScheduler, type SchedulerDeps } from './scheduler.ts';
import { SWEEPS } from './sweeps.ts';

/**
 * A job kind and a sweep are each declared once (jobs/kinds.ts, jobs/sweeps.ts), and everything else takes its name
 * from the declaration: the pg-boss queue, the scheduler's task, the metrics' labels, and the lists in
 * docs/operations.md.
 */
const ROOT = resolve(import.meta.dirname, '../../../..');
const TOKEN = 'declarations-metrics-token-0123456789';
const KINDS = JOB_KINDS.map((k) => k.name);
const SWEEP_NAMES = SWEEPS.map((s) => s.name);
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** The backticked names of the paragraph of docs/operations.md that begins `The \`<label>\` label`. */
function documented(label: 'kind' | 'sweep'): string[] {
  const text = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
  const line = text.split('\n').find((l) => l.startsWith(`The \`${label}\` label`));
  const list = line?.slice(line.indexOf('):') + 2) ?? '';
  return [...list.matchAll(/`([a-z-]+)`/g)].map((m) => m[1] as string);
}

/** The values of `label` on the samples of `metric` in a Prometheus text exposition. */
function labels(text: string, metric: string, label: string): string[] {
  const re = new RegExp(`^${metric}\\{[^}]*\\b${label}="([^"]+)"`, 'gm');
  return sorted([...text.matchAll(re)].map((m) => m[1] as string));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metrics: { token: TOKEN, host: '127.0.0.1' } });
});
afterAll(() => t?.close());

describe('one declaration per job kind and per sweep', () => {
  it('gives each a name of its own, which is its task, and each kind its pg-boss queue', async () => {
    expect(new Set([...KINDS, ...SWEEP_NAMES]).size).toBe(KINDS.length + SWEEP_NAMES.length);
    expect(t.app.jobs.tasks).toEqual([...KINDS, ...SWEEP_NAMES]);
    const queues = await t.database.db.execute<{ name: string }>(sql`select name from pgboss.queue`);
    expect(sorted(queues.rows.map((q) => q.name))).toEqual(expect.arrayContaining(sorted(KINDS)));
  });

  it('labels the metrics with those names, and docs/operations.md lists the same', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    // The gauges are read during a scrape and shown by the next one.
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).body;
    expect(documented('kind')).toEqual(KINDS);
    expect(documented('sweep')).toEqual(SWEEP_NAMES);
    for (const metric of [
      'quantics_jobs_waiting',
      'quantics_jobs_oldest_age_seconds',
      'quantics_job_attempts_total',
      'quantics_jobs_requeued_total',
    ])
      expect([metric, labels(text, metric, 'kind')]).toEqual([metric, sorted(KINDS)]);
    expect(labels(text, 'quantics_sweep_units_total', 'sweep')).toEqual(sorted(SWEEP_NAMES));
  });

  it('runs each sweep under a lock of db/advisory-locks.ts that no other sweep takes', () => {
    const keys = SWEEPS.map((s) => `${ADVISORY_LOCKS[s.lock.key]}.${s.lock.sub ?? ''}`);
    expect(new Set(keys).size).toBe(SWEEPS.length);
    expect(new Set(Object.values(ADVISORY_LOCKS)).size).toBe(Object.keys(ADVISORY_LOCKS).length);
  });

  it('refuses a task no declaration names', () => {
    const opts = workerOptions(testConfig({ jobs: { tasks: ['webhooks', 'account-mail'] } }));
    expect(() => new JobScheduler({} as SchedulerDeps, opts, t.app.log)).toThrow(
      'no such background task: webhooks',
    );
  });
});
