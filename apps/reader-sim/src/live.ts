import { existsSync } from 'node:fs';
import { ZHeartbeatResponse, ZLocationsResponse } from '@quantics/contracts';
import { parseBody, ReaderClient, sleep } from './client.ts';
import { pairOne } from './pair.ts';
import { fromCatalogue, shape } from './population.ts';
import { runReader } from './scan.ts';
import { loadState, saveState } from './state.ts';

/**
 * A reader left switched on: paired once (the token kept in the state file), then a heartbeat every few seconds
 * with a slowly draining battery, an audit of one of the given locations every few minutes, and, if asked, a
 * habit of going quiet (switched off in a drawer) for a while and coming back.
 */
export type LiveOptions = {
  server: string;
  serial: string;
  model: string;
  stateFile: string;
  battery: number;
  signal: number;
  heartbeatSeconds: number;
  /** 0: never audit. */
  auditEveryMinutes: number;
  /** 0: never go offline. Otherwise online this long, then silent for offlineForSeconds, and again. */
  offlineAfterSeconds: number;
  offlineForSeconds: number;
  /** A person's token to read the catalogue (what the tags on the shelves are); needed for audits. */
  userToken: string | null;
  locationIds: number[];
  log: (line: string) => void;
};

async function deviceToken(o: LiveOptions, force: boolean): Promise<string> {
  const state = !force && existsSync(o.stateFile) ? loadState(o.stateFile) : null;
  const known = state?.server === o.server && state.readers.find((r) => r.serial === o.serial);
  if (known) return known.device_token;
  const paired = await pairOne(new ReaderClient(o.server), o.serial, o.model, o.log);
  saveState(o.stateFile, { server: o.server, readers: [paired] });
  return paired.device_token;
}

const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

export async function live(o: LiveOptions): Promise<never> {
  let client = new ReaderClient(o.server, 0, await deviceToken(o, false));
  let battery = o.battery;
  let wasHeard = false;
  const started = Date.now();
  let nextAudit = o.auditEveryMinutes > 0 ? Date.now() + 30_000 : Number.POSITIVE_INFINITY;
  for (;;) {
    const cycle = o.offlineAfterSeconds + o.offlineForSeconds;
    const elapsed = (Date.now() - started) / 1000;
    const isSilent = o.offlineAfterSeconds > 0 && elapsed % cycle >= o.offlineAfterSeconds;
    if (!isSilent) {
      const signal = Math.max(0, Math.min(4, o.signal + (Math.random() < 0.2 ? -1 : 0)));
      const res = await client.postWithRetry(
        '/api/rfid/heartbeat',
        { battery_level: Math.round(battery), signal_strength: signal },
        { 200: ZHeartbeatResponse },
      );
      if (res.status === 401) {
        o.log(`${o.serial}: the portal no longer knows this reader's token; pairing again`);
        client = new ReaderClient(o.server, 0, await deviceToken(o, true));
        continue;
      }
      if (!wasHeard && res.status === 200)
        o.log(`ONLINE ${o.serial}: heartbeats every ${o.heartbeatSeconds}s`);
      wasHeard = wasHeard || res.status === 200;
      // Drains about 1% every 10 minutes, never below 5%.
      battery = Math.max(5, battery - o.heartbeatSeconds / 600);
      if (Date.now() >= nextAudit && o.userToken) {
        nextAudit = Date.now() + o.auditEveryMinutes * 60_000;
        await audit(o, client, battery).catch((err: unknown) =>
          o.log(`${o.serial}: audit failed: ${err instanceof Error ? err.message : String(err)}`),
        );
      }
    }
    await sleep(o.heartbeatSeconds * 1000);
  }
}

/** One walk through a location, with the everyday slips a real count has (a few missing, extra, misplaced). */
async function audit(o: LiveOptions, client: ReaderClient, battery: number) {
  const locationId = pick(o.locationIds) ?? null;
  const base = await fromCatalogue(o.server, o.userToken as string, locationId);
  const n = (max: number) => Math.floor(Math.random() * (max + 1));
  const population = shape(base, { missing: n(3), extra: n(1), misplaced: n(2), unknown: n(1) });
  const where = locationId === null ? 'Whole catalogue' : await locationPath(o, locationId);
  await runReader(client, o.serial, population.tags, {
    name: `${where} · scheduled count`,
    locationId,
    readRate: 600,
    repeats: 2,
    batchMs: 500,
    battery: Math.round(battery),
    signal: o.signal,
    log: o.log,
  });
}

/** The location's path as the portal shows it ('Portland Store > Sales Floor > Aisle 2'), for the audit's name. */
async function locationPath(o: LiveOptions, id: number): Promise<string> {
  const res = await fetch(new URL('/api/locations', o.server), {
    headers: { authorization: `Bearer ${o.userToken}` },
  });
  const found = res.ok
    ? parseBody('/api/locations', res.status, await res.json(), ZLocationsResponse).find((l) => l.id === id)
    : undefined;
  return found?.path ?? `Location ${id}`;
}
