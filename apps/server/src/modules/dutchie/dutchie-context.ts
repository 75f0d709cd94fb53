import { DUTCHIE_MESSAGES } from '@quantics/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DUTCHIE_DEFAULTS, type DutchieConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import type { CacheStatus } from './dutchie-cache.repo.ts';
import * as repo from './dutchie-cache.repo.ts';
import { type DutchieApi, httpDutchieClient } from './dutchie-client.ts';

/** What the Dutchie services need from the app: the database, the key box, settings, a log and a client maker. */
export type DutchieContext = {
  db: Db;
  box: SecretBox;
  config: DutchieConfig;
  log: FastifyBaseLogger;
  connect: (apiKey: string) => DutchieApi;
  /** Prepared answers held by this instance, keyed by cache row, with the fetch time they belong to. */
  memory: Map<string, { fetchedAt: number; value: unknown }>;
  /** Refreshes this instance is running, so concurrent requests share one call to Dutchie. */
  inFlight: Map<string, Promise<void>>;
  /** The cache rows' status as this instance last read them, and when (see dutchie-cache.ts fromMemory). */
  statusSeen: Map<string, { at: number; status: CacheStatus | null }>;
};

export function dutchieContext(app: FastifyInstance): DutchieContext {
  const config = app.config.dutchie ?? DUTCHIE_DEFAULTS;
  return {
    db: app.db,
    box: app.box,
    config,
    log: app.log,
    connect: (apiKey) => httpDutchieClient({ baseUrl: config.apiUrl, apiKey, timeoutMs: config.timeoutMs }),
    memory: new Map(),
    inFlight: new Map(),
    statusSeen: new Map(),
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
