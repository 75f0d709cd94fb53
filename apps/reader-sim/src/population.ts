import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { epcFromRfidTag, ZInventoryListResponse, ZLocationsResponse } from '@quantics/contracts';
import { parseBody, type Schema } from './client.ts';

/** One physical tag: the EPC it carries (shared by all units of a product) and its chip's unique TID. */
export type Tag = { epc: string; tid: string };

export type PopulationOptions = {
  missing: number;
  extra: number;
  misplaced: number;
  unknown: number;
};

export type Population = { tags: Tag[]; notes: string[] };

const newTid = () => `E280${randomBytes(10).toString('hex').toUpperCase()}`;
const unitsOf = (epc: string, n: number): Tag[] => Array.from({ length: n }, () => ({ epc, tid: newTid() }));

/** N tags nobody catalogued: random EPCs, one unit each. */
export const randomTags = (n: number): Tag[] =>
  Array.from({ length: n }, () => ({ epc: randomBytes(12).toString('hex').toUpperCase(), tid: newTid() }));

function pickRandom<T>(items: T[], n: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}

/** An EPC file: one tag per line, `EPC` or `EPC,units`; blank lines and # comments are skipped. */
export function fromEpcFile(file: string): { inScope: Tag[]; outOfScope: string[] } {
  const inScope: Tag[] = [];
  for (const raw of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [epc = '', units = '1'] = line.split(',').map((s) => s.trim());
    if (!/^[0-9a-fA-F]{24}$/.test(epc)) throw new Error(`Not an EPC (24 hex digits): ${epc}`);
    inScope.push(...unitsOf(epc.toUpperCase(), Number(units) || 1));
  }
  return { inScope, outOfScope: [] };
}

type Product = {
  epc: string;
  quantity: number;
  location_id: number | null;
  stock: { location_id: number | null; quantity: number }[];
};

/** A person's GET, its answer parsed with the contracts' schema. */
async function getJson<S extends Schema>(server: string, path: string, token: string, schema: S) {
  const res = await fetch(new URL(path, server), { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return parseBody(path, res.status, await res.json(), schema);
}

/** The catalogue export (GET /api/inventory, a person's token): each product's quantity becomes that many tags. */
export async function fromCatalogue(server: string, userToken: string, locationId: number | null) {
  const products: Product[] = [];
  for (let page = 1; ; page++) {
    const body = await getJson(
      server,
      `/api/inventory?limit=1000&page=${page}`,
      userToken,
      ZInventoryListResponse,
    );
    products.push(...body.data);
    if (!body.pagination.hasNext) break;
  }
  let scope: Set<number | null> | null = null;
  if (locationId !== null) {
    const locations = await getJson(server, '/api/locations', userToken, ZLocationsResponse);
    scope = new Set([locationId]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const l of locations) {
        if (l.parent_location_id !== null && scope.has(l.parent_location_id) && !scope.has(l.id)) {
          scope.add(l.id);
          grew = true;
        }
      }
    }
  }
  // What is on the shelves of the counted places: each product's units in its places there (a product kept in
  // several places, a chain's stores and their rooms, has only those units here, not its total).
  const unitsIn = (p: Product) =>
    scope === null
      ? p.quantity
      : p.stock.reduce((n, row) => n + (scope.has(row.location_id) ? row.quantity : 0), 0);
  return {
    inScope: products.flatMap((p) => unitsOf(p.epc, unitsIn(p))),
    outOfScope: products.filter((p) => unitsIn(p) === 0).map((p) => p.epc),
  };
}

/** Applies --missing, --extra, --misplaced and --unknown to what is really on the shelves. */
export function shape(base: { inScope: Tag[]; outOfScope: string[] }, o: PopulationOptions): Population {
  const notes: string[] = [];
  const missing = new Set(pickRandom(base.inScope, o.missing));
  const tags = base.inScope.filter((t) => !missing.has(t));
  if (o.missing) notes.push(`${missing.size} expected tag(s) left unread (missing)`);
  const epcs = [...new Set(base.inScope.map((t) => t.epc))];
  for (let i = 0; i < o.extra && epcs.length > 0; i++) {
    tags.push(...unitsOf(epcs[Math.floor(Math.random() * epcs.length)] as string, 1));
  }
  if (o.extra) notes.push(`${o.extra} extra unit(s) of expected products`);
  const misplaced = pickRandom(base.outOfScope, o.misplaced);
  for (const epc of misplaced) tags.push(...unitsOf(epc, 1));
  if (o.misplaced) notes.push(`${misplaced.length} product(s) from elsewhere (misplaced)`);
  for (let i = 0; i < o.unknown; i++) {
    tags.push(...unitsOf(epcFromRfidTag(`UNKNOWN${String(i + 1).padStart(5, '0')}`), 1));
  }
  if (o.unknown) notes.push(`${o.unknown} tag(s) the catalogue does not know (unknown)`);
  return { tags, notes };
}
