import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { Metrics } from '../metrics/metrics.ts';

/** What the alerts' background work needs: dispatch, delivery, digests (their deps build on it). */
export type AlertDeps = {
  db: Db;
  /** pg-boss, which carries every queue (jobs/boss.ts). */
  boss: PgBoss;
  box: SecretBox;
  publicUrl: string;
  metrics?: Metrics;
};
