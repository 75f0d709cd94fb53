import { DUTCHIE_MESSAGES } from '@quantics/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { DUTCHIE_DEFAULTS, type DutchieConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { type Metrics, statusClass } from '../metrics/metrics.ts';
import * as repo from './dutchie-cache.repo.ts';
import { DutchieCache } from './dutchie-cache.ts';
import { type DutchieApi, httpDutchieClient } from './dutchie-client.ts';

/** What the Dutchie services need from the app: the database, the key box, settings, a log and a client maker. */
export type DutchieContext = {
  db: Db;
  box: SecretBox;
  config: DutchieConfig;
  log: FastifyBaseLogger;
  connect: (apiKey: string) => DutchieApi;
  /** This instance's memory of Dutchie answers (see dutchie-cache.ts). */
  cache: DutchieCache;
};

/** Built once per app in buildApp, with the cache it owns. */
export function dutchieContext(
  parts: Pick<DutchieContext, 'db' | 'box' | 'log'> & {
    config: DutchieConfig | undefined;
    metrics?: Metrics;
  },
): DutchieContext {
  const { metrics, ...rest } = parts;
  const config = parts.config ?? DUTCHIE_DEFAULTS;
  const onAnswer = (status: number | null) =>
    metrics?.dutchieRequests.inc({ status_class: status === null ? 'error' : statusClass(status) });
  return {
    ...rest,
    config,
    connect: (apiKey) =>
      httpDutchieClient({ baseUrl: config.apiUrl, apiKey, timeoutMs: config.timeoutMs, onAnswer }),
    cache: new DutchieCache(parts.db, config, parts.log),
  };
}

/** Point-of-sale calls are for companies whose inventory lives in Dutchie; others get a clear 409. */
export function requireDutchieCompany(auth: AuthContext): number {
  if (auth.inventoryType !== 'dutchie') throw conflict(DUTCHIE_MESSAGES.notDutchie);
  return auth.companyId;
}

/** A client for the company's stored key, opened only when a call to Dutchie is about to be made. */
export async function companyClient(ctx: DutchieContext, companyId: number): Promise<DutchieApi> {
  const sealed = await repo.sealedKey(ctx.db, companyId);
  if (!sealed) throw conflict(DUTCHIE_MESSAGES.noKey);
  return ctx.connect(ctx.box.open(sealed));
}
