import type {
  TAudit,
  TDiscrepancy,
  TDueCountsResponse,
  TFixedReaderCreated,
  TShipment,
} from '@quantics/contracts';
import { epcFromRfidTag, rfidTagFromSku } from '@quantics/contracts';
import type { FastifyInstance } from 'fastify';
import { backdateReview } from './backdate.repo.ts';
import type { DemoProduct } from './demo-catalogue.ts';
import { random } from './demo-data.ts';
import { type Call, pairReader } from './pairing.ts';

/**
 * What a few months of real use leave behind (issue 54), made through the product's own API after the audit history:
 * the counts reviewed (approved under several reason codes, some rejected, the last days' still awaiting review, one
 * sent to recount), a till's sales every day through an API key, floor minimums and a refill list, count plans with
 * places due and overdue, shipments (expected, one received short, a transfer in transit), a fixed reader with its
 * antennas mapped and its tags seen, today's count during which stock was sold, and a team count under way on two
 * handhelds. The one thing no API can do is date a decision in the past: a review made "the day after" the count is
 * made now, then its decision and the stock change it made are dated back (backdate.repo.ts), as the audit history is
 * with IngestDeps.at.
 */

/** The demo's one way to call the portal (seed.ts makes it): declared with pairing, the module below this one. */
export type { Call } from './pairing.ts';

export type ShowcaseContext = {
  app: FastifyInstance;
  call: Call;
  admin: string;
  operator: string;
  companyId: number;
  products: DemoProduct[];
  locationIds: Map<string, number>;
  /** The readers' device tokens (the history's three), by index. */
  deviceTokens: string[];
  days: number;
  log: (line: string) => void;
};

export type ShowcaseResult = {
  /** Audits the showcase made (today's count, the receipt, the team count): not part of the seeded history. */
  auditIds: number[];
  apiKey: { name: string; key: string };
  sales: number;
  reviewed: number;
  /** Handhelds and the fixed reader it added, beyond the demo's three readers. */
  devices: string[];
  /** The team count under way, which `npm run demo`'s handhelds keep counting (demo/team-count.ts). */
  teamCount: TeamCount | null;
};

/** A team count in progress: its place and name, and each handheld's device token and the reads it sent. */
export type TeamCount = {
  auditId: number;
  name: string;
  locationId: number;
  handhelds: { token: string; reads: { epc: string; tid: string; rssi: number; count: number }[] }[];
};

const DAY = 86_400_000;
const HOUR = 3_600_000;
export const API_KEY_NAME = 'Portland till (POS sales feed)';
/** The two handhelds counting Boise's sales floor together, and the fixed reader over Portland's doors. */
export const TEAM_HANDHELDS = [
  { serial: 'RFD40-0201', model: 'Zebra RFD40', name: 'Boise Handheld 1' },
  { serial: 'RFD40-0202', model: 'Zebra RFD40', name: 'Boise Handheld 2' },
] as const;
export const FIXED_READER = { serial: 'R700-0301', name: 'Portland Door Reader' } as const;
/** Reason codes an admin gives approved shortages and overages, in turn (theft the most common). */
const SHORT_REASONS = ['THEFT', 'DAMAGED', 'MISCOUNT', 'THEFT', 'VENDOR_SHORT', 'EXPIRED', 'THEFT', 'SAMPLE'];
const OVER_REASONS = ['FOUND', 'MISCOUNT', 'FOUND'];

const epcOf = (sku: string) => epcFromRfidTag(rfidTagFromSku(sku));
const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');

export async function seedShowcase(c: ShowcaseContext): Promise<ShowcaseResult> {
  const { call, admin, operator } = c;
  const r = random(54_054);
  const decided = { lines: 0 };
  const now = Date.now();
  const stock = new StockModel(c.products);
  const result: ShowcaseResult = {
    auditIds: [],
    apiKey: { name: API_KEY_NAME, key: '' },
    sales: 0,
    reviewed: 0,
    devices: [],
    teamCount: null,
  };

  // The till's API key: it sends the day's sales as movements (shown once; the demo prints it).
  const key = await call<{ key: string }>('POST', '/api/api-keys', admin, {
    name: API_KEY_NAME,
    scopes: ['movements:write', 'inventory:read'],
  });
  result.apiKey.key = key.key;
  const ids = await productIds(call, admin);

  // The history's counts, oldest first; each reviewed the day after it (the last three days' still waiting).
  const history = (await allAudits(call, admin)).filter((a) => a.status === 'completed').reverse();
  const recountOne = history.filter((a) => a.review_status === 'awaiting').at(-1)?.id;
  for (let daysAgo = c.days; daysAgo >= 1; daysAgo--) {
    const dayStart = startOfUtcDay(now - daysAgo * DAY);
    // Reviews of the counts of the day before, in the morning.
    if (daysAgo > 3) {
      for (const audit of history.filter((a) => startOfUtcDay(Date.parse(a.created_at)) === dayStart - DAY)) {
        if (audit.id === recountOne) continue;
        const at = new Date(dayStart + 9 * HOUR + r.int(0, 120) * 60_000);
        const applied = await reviewAndApply(c, audit, at, decided);
        for (const line of applied) stock.add(line.product_sku ?? '', leafOf(c, audit), line.variance);
        result.reviewed += 1;
      }
    }
    // The day's sales from the stores' shelves: one POST a day, as a till's end-of-day export.
    const sales = stock.salesOf(r, Math.max(6, Math.round(c.products.length / 25)), daysAgo <= 6);
    if (sales.length > 0) {
      await call('POST', '/api/inventory/movements', key.key, {
        movements: sales.map((s, i) => ({
          sku: s.sku,
          location_id: c.locationIds.get(s.location),
          delta: -s.units,
          reason: 'sale',
          at: new Date(dayStart + 10 * HOUR + Math.round((i / sales.length) * 10 * HOUR)).toISOString(),
          reference: `POS-${new Date(dayStart).toISOString().slice(0, 10)}-${i + 1}`,
        })),
      });
      result.sales += sales.length;
    }
  }
  // One count's lines sent to recount: the Count screen's "Recount requested".
  if (recountOne !== undefined) {
    const lines = await call<TDiscrepancy[]>('GET', `/api/audits/${recountOne}/discrepancies`, admin);
    const over = lines.filter((l) => l.needs_approval && !l.applied_at);
    if (over.length > 0) {
      await call('POST', `/api/audits/${recountOne}/review`, admin, {
        lines: over.map((l) => ({
          discrepancy_id: l.id,
          decision: 'recount',
          note: 'Looks too big: count that shelf again please',
        })),
      });
    }
  }
  c.log(`reviews: ${result.reviewed} counts reviewed, ${result.sales} sales sent by the till's API key`);

  // Floor minimums on products with units in a store's backroom: the ones sold below it are the refill list.
  let minimums = 0;
  for (const p of stock.refillCandidates()) {
    if (minimums >= Math.max(8, Math.round(c.products.length / 40))) break;
    const id = ids.get(p.sku);
    if (id === undefined) continue;
    await call('PUT', '/api/replenishment/minimum', operator, {
      product_id: id,
      location_id: null,
      min_quantity: p.floor + r.int(2, 5),
    });
    minimums += 1;
  }

  await seedCountPlans(c, history);
  const received = await seedShipments(c, stock);
  result.auditIds.push(received);
  result.devices.push(await seedFixedReader(c));
  result.auditIds.push(await countWhileSelling(c, key.key, stock));
  const team = await teamCount(c, stock);
  result.auditIds.push(team.auditId);
  result.devices.push(...TEAM_HANDHELDS.map((h) => h.name));
  result.teamCount = team;
  c.log(
    `showcase: ${minimums} floor minimums, count plans, shipments, a fixed reader, a count during sales, a team count`,
  );
  return result;
}

/** Approves (with a reason code) or rejects the lines over the count policy, then applies the count, dated `at`. */
async function reviewAndApply(
  c: ShowcaseContext,
  audit: TAudit,
  at: Date,
  decided: { lines: number },
): Promise<TDiscrepancy[]> {
  const lines = await c.call<TDiscrepancy[]>('GET', `/api/audits/${audit.id}/discrepancies`, c.admin);
  const over = lines.filter((l) => l.needs_approval && !l.applied_at);
  const rejected = new Set<number>();
  if (over.length > 0) {
    await c.call('POST', `/api/audits/${audit.id}/review`, c.admin, {
      lines: over.map((l) => {
        decided.lines += 1;
        // One in nine is rejected (the units turned up); the rest approved, the reasons in turn.
        if (decided.lines % 9 === 0) {
          rejected.add(l.id);
          return { discrepancy_id: l.id, decision: 'reject', note: 'Found in the fitting rooms' };
        }
        const reasons = l.discrepancy_type === 'shortage' ? SHORT_REASONS : OVER_REASONS;
        return {
          discrepancy_id: l.id,
          decision: 'approve',
          reason_code: reasons[decided.lines % reasons.length],
        };
      }),
    });
  }
  // What apply-counts applies: every shortage and overage not applied yet, but the rejected ones.
  const applied = lines.filter(
    (l) =>
      (l.discrepancy_type === 'shortage' || l.discrepancy_type === 'overage') &&
      !l.applied_at &&
      !rejected.has(l.id),
  );
  if (applied.length === 0 && rejected.size === 0) return [];
  const result = await c.call<{ applied: number }>(
    'POST',
    `/api/audits/${audit.id}/apply-counts`,
    c.operator,
    {
      reason: over.length > 0 ? 'Reviewed and approved' : 'Cycle count',
    },
  );
  await backdateReview(c.app.db, c.companyId, audit.id, at);
  if (result.applied === applied.length) return applied;
  // Not what was worked out: the lines as the count has them now.
  const after = await c.call<TDiscrepancy[]>('GET', `/api/audits/${audit.id}/discrepancies`, c.admin);
  return after.filter(
    (l) => l.applied_at && (l.discrepancy_type === 'shortage' || l.discrepancy_type === 'overage'),
  );
}

/** Two plans: shelves counted every few days (some due today) and the backrooms weekly (some overdue). */
async function seedCountPlans(c: ShowcaseContext, history: TAudit[]) {
  const today = startOfUtcDay(Date.now());
  // The places the demo's running readers count (Portland's floor, Seattle's backroom) would move on by themselves.
  const busy = (path: string) =>
    path.startsWith('Portland Store > Sales Floor') || path.startsWith('Seattle Store > Backroom');
  const lastCount = new Map<number, number>();
  for (const a of history) {
    if (a.location_id === null) continue;
    const day = startOfUtcDay(Date.parse(a.completed_at ?? a.created_at));
    lastCount.set(a.location_id, Math.max(lastCount.get(a.location_id) ?? 0, day));
  }
  const daysSince = (id: number) => {
    const last = lastCount.get(id);
    return last === undefined ? null : Math.round((today - last) / DAY);
  };
  const leaves = [...c.locationIds].filter(([path]) => path.split(' > ').length >= 3 && !busy(path));
  // Every 3 days with a day's grace: the shelves counted 5 or more days ago are overdue.
  const shelves = leaves.filter(([path, id]) => path.includes('Sales Floor') && daysSince(id) !== null);
  const overdue = shelves.filter(([, id]) => (daysSince(id) ?? 0) >= 5);
  const fresh = shelves.filter(([, id]) => (daysSince(id) ?? 0) < 3);
  await c.call('POST', '/api/count-plans', c.admin, {
    name: 'Sales floor shelves',
    location_ids: [...overdue.slice(0, 4), ...fresh.slice(0, 3)].map(([, id]) => id),
    every_days: 3,
    grace_days: 1,
    blind: false,
  });
  // A shelf on its own rhythm that comes round today: every k days, k the days since its last count (in the
  // company's days: the API says which day is today there, so k is tried either side until it is due today).
  const spot = shelves.find(([path, id]) => !path.startsWith('Boise') && (daysSince(id) ?? 0) >= 2);
  if (spot) {
    const [path, id] = spot;
    const k = daysSince(id) as number;
    const plan = await c.call<{ id: number }>('POST', '/api/count-plans', c.admin, {
      name: `Spot check: ${path.split(' > ').slice(-1)[0]}, ${path.split(' > ')[0]}`,
      location_ids: [id],
      every_days: k,
      grace_days: 2,
      blind: false,
    });
    for (const tryDays of [k - 1, k + 1]) {
      const due = await c.call<TDueCountsResponse>('GET', '/api/counts/due', c.admin);
      if (due.data.some((d) => d.plan_id === plan.id && d.due_on === due.today)) break;
      await c.call('PUT', `/api/count-plans/${plan.id}`, c.admin, {
        name: `Spot check: ${path.split(' > ').slice(-1)[0]}, ${path.split(' > ')[0]}`,
        location_ids: [id],
        every_days: Math.max(1, tryDays),
        grace_days: 2,
        blind: false,
      });
    }
  }
  // Weekly on Mondays, blind, for the backrooms and the warehouse: the ones never counted are due today.
  const back = leaves.filter(([path]) => path.includes('Backroom') || path.startsWith('Central Warehouse'));
  await c.call('POST', '/api/count-plans', c.admin, {
    name: 'Backrooms and warehouse, blind',
    location_ids: back.slice(0, 12).map(([, id]) => id),
    every_days: 7,
    grace_days: 2,
    blind: true,
  });
  // The store as a whole once a month, for the store manager.
  const boise = c.locationIds.get('Boise Store');
  if (boise !== undefined) {
    await c.call('POST', '/api/count-plans', c.admin, {
      name: 'Boise full count',
      location_ids: [boise],
      month_day: 1,
      grace_days: 5,
      blind: false,
    });
  }
}

/** Shipments: two expected from suppliers, one received today a carton short, a transfer on its way to Boise. */
async function seedShipments(c: ShowcaseContext, stock: StockModel): Promise<number> {
  const dock = c.locationIds.get('Central Warehouse > Receiving') as number;
  const withGtin = c.products.filter((p) => p.gtin);
  const pick = (from: number, n: number) => withGtin.slice(from, from + n);
  const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
  await c.call('POST', '/api/shipments', c.operator, {
    reference: 'ASN-SG-20417',
    supplier: 'Summit Gear',
    destination_location_id: dock,
    expected_at: tomorrow,
    lines: pick(0, 4).map((p, i) => ({ gtin: p.gtin, quantity: 6 + 2 * i })),
  });
  await c.call('POST', '/api/shipments', c.operator, {
    reference: 'ASN-NT-8812',
    supplier: 'Northwind Textiles',
    destination_location_id: c.locationIds.get('Portland Store > Backroom > Rack B') as number,
    expected_at: new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10),
    lines: pick(4, 3).map((p) => ({ sku: p.sku, quantity: 12 })),
  });
  // Received on the dock this morning by the warehouse handheld: one line two units short.
  const lines = pick(7, 3).map((p, i) => ({ product: p, quantity: 8 + i * 4 }));
  const shipment = await c.call<TShipment>('POST', '/api/shipments', c.operator, {
    reference: 'ASN-TC-5530',
    supplier: 'Trailhead Co.',
    destination_location_id: dock,
    expected_at: new Date().toISOString().slice(0, 10),
    lines: lines.map((l) => ({ sku: l.product.sku, quantity: l.quantity })),
  });
  const device = c.deviceTokens[2] as string;
  const receipt = await c.call<{ audit_id: number }>('POST', '/api/rfid/audits', device, {
    client_audit_id: crypto.randomUUID(),
    shipment_id: shipment.id,
  });
  const reads = lines.flatMap((l, i) =>
    Array.from({ length: l.quantity - (i === 1 ? 2 : 0) }, (_, u) => ({
      epc: epcOf(l.product.sku),
      tid: `E2805100${hex(i, 8)}${hex(u, 8)}`,
      rssi: -48,
      count: 1,
    })),
  );
  await c.call('POST', `/api/rfid/audits/${receipt.audit_id}/reads`, device, { batch_seq: 0, reads });
  await c.call('POST', `/api/rfid/audits/${receipt.audit_id}/complete`, device, { batch_count: 1 });
  for (const [i, l] of lines.entries()) {
    stock.add(l.product.sku, 'Central Warehouse > Receiving', l.quantity - (i === 1 ? 2 : 0));
  }
  // A transfer from the warehouse's bays to Boise's backroom, sent (its units left the bays) and not yet there.
  const bays = stock.placesWith('Central Warehouse > Zone', 4).slice(0, 3);
  if (bays.length > 0) {
    const transfer = await c.call<TShipment>('POST', '/api/shipments', c.operator, {
      reference: 'TR-BOI-0042',
      source_location_id: c.locationIds.get(bays[0]?.location as string),
      destination_location_id: c.locationIds.get('Boise Store > Backroom > Rack A') as number,
      expected_at: new Date(Date.now() + DAY).toISOString().slice(0, 10),
      lines: bays.filter((b) => b.location === bays[0]?.location).map((b) => ({ sku: b.sku, quantity: 2 })),
    });
    await c.call('POST', `/api/shipments/${transfer.id}/send`, c.operator, {});
    for (const b of bays.filter((x) => x.location === bays[0]?.location)) stock.add(b.sku, b.location, -2);
  }
  return receipt.audit_id;
}

/** A fixed reader over Portland's front display and backroom, its antennas mapped, and its first reads. */
async function seedFixedReader(c: ShowcaseContext): Promise<string> {
  const store = c.locationIds.get('Portland Store') as number;
  const created = await c.call<TFixedReaderCreated>('POST', '/api/devices/fixed', c.operator, {
    name: FIXED_READER.name,
    serial_number: FIXED_READER.serial,
    location_id: store,
    interface: 'impinj-iot',
  });
  const display = 'Portland Store > Sales Floor > Front Display';
  const rack = 'Portland Store > Backroom > Rack A';
  await c.call('PUT', `/api/devices/${created.device.id}/antennas`, c.operator, {
    antennas: [
      { port: 1, location_id: c.locationIds.get(display), name: 'Front display' },
      { port: 2, location_id: c.locationIds.get(rack), name: 'Backroom door' },
    ],
  });
  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
  const events = [display, rack].flatMap((place, a) =>
    c.products
      .filter((p) => p.places.some((s) => s.location === place && s.quantity > 0))
      .slice(0, 6)
      .map((p, i) => ({
        timestamp: at(300 - i * 20),
        eventType: 'tagInventory',
        tagInventoryEvent: {
          epcHex: epcOf(p.sku),
          tidHex: `E2806894${hex(a, 8)}${hex(i, 8)}`,
          antennaPort: a + 1,
          peakRssiCdbm: -5200 + i * 100,
          lastSeenTime: at(300 - i * 20),
        },
      })),
  );
  const w = created.webhook;
  const res = await c.app.inject({
    method: 'POST',
    url: w.url.startsWith('http') ? new URL(w.url).pathname : w.url,
    headers: {
      authorization: `Basic ${Buffer.from(`${w.username}:${w.password}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(events),
  });
  if (res.statusCode !== 204) throw new Error(`fixed reader post: ${res.statusCode} ${res.body}`);
  return FIXED_READER.name;
}

/**
 * Today's count of a Boise aisle while the store trades: the reader reads the shelf, the till sells from it
 * meanwhile, one product is a unit short. Its lines say what was sold during the count.
 */
async function countWhileSelling(c: ShowcaseContext, till: string, stock: StockModel): Promise<number> {
  const leaf = 'Boise Store > Sales Floor > Aisle 2';
  const device = c.deviceTokens[0] as string;
  const started = await c.call<{ audit_id: number }>('POST', '/api/rfid/audits', device, {
    client_audit_id: crypto.randomUUID(),
    name: 'Boise · Sales Floor › Aisle 2 (open hours)',
    location_id: c.locationIds.get(leaf),
    audit_type: 'Cycle Count',
  });
  const here = stock.at(leaf).filter((s) => s.units > 0);
  const sold = here.filter((s) => s.units >= 3).slice(0, 3);
  const short = sold[0]?.sku;
  // One product on the bottom shelf is scanned by its barcode instead (a tag or two don't read there): one short.
  const gtins = new Map(c.products.map((p) => [p.sku, p.gtin]));
  const scanned = here.find((s) => s.units >= 2 && gtins.get(s.sku) && !sold.includes(s));
  const reads: object[] = here
    .filter((s) => s !== scanned)
    .flatMap((s, i) =>
      Array.from({ length: s.units - (s.sku === short ? 1 : 0) }, (_, u) => ({
        epc: epcOf(s.sku),
        tid: `E2807700${hex(i, 8)}${hex(u, 8)}`,
        rssi: -51,
        count: 1,
      })),
    );
  if (scanned) reads.push({ code: gtins.get(scanned.sku), quantity: scanned.units - 1 });
  await c.call('POST', `/api/rfid/audits/${started.audit_id}/reads`, device, { batch_seq: 0, reads });
  // The till sells from the aisle after the reader passed it.
  if (sold.length > 0) {
    await c.call('POST', '/api/inventory/movements', till, {
      movements: sold.map((s, i) => ({
        sku: s.sku,
        location_id: c.locationIds.get(leaf),
        delta: -(1 + (i % 2)),
        reason: 'sale',
        reference: `POS-BOI-${i + 1}`,
      })),
    });
    for (const [i, s] of sold.entries()) stock.add(s.sku, leaf, -(1 + (i % 2)));
  }
  await c.call('POST', `/api/rfid/audits/${started.audit_id}/complete`, device, { batch_count: 1 });
  return started.audit_id;
}

/** Two handhelds paired today count Boise's first aisle together: started by one, joined by the other, under way. */
async function teamCount(c: ShowcaseContext, stock: StockModel): Promise<TeamCount> {
  const tokens: string[] = [];
  for (const h of TEAM_HANDHELDS) {
    const { token } = await pairReader(c.call, c.operator, h);
    await c.call('POST', '/api/rfid/heartbeat', token, { battery_level: 91, signal_strength: 4 });
    tokens.push(token);
  }
  const leaf = 'Boise Store > Sales Floor > Aisle 1';
  // Each has read part of the aisle so far: the first the front half, the second a few from the back.
  const here = stock.at(leaf).filter((s) => s.units > 0);
  const half = Math.ceil(here.length / 2);
  const team: TeamCount = {
    auditId: 0,
    name: 'Boise · Sales Floor › Aisle 1 (team count)',
    locationId: c.locationIds.get(leaf) as number,
    handhelds: tokens.map((token, k) => {
      const part = k === 0 ? here.slice(0, half) : here.slice(half, half + Math.ceil(half / 2));
      const reads = part.flatMap((s, i) =>
        Array.from({ length: s.units }, (_, u) => ({
          epc: epcOf(s.sku),
          tid: `E28088${hex(k, 2)}${hex(i, 8)}${hex(u, 8)}`,
          rssi: -45,
          count: 1,
        })),
      );
      return { token, reads };
    }),
  };
  team.auditId = await startTeamCount(c.call, team);
  return team;
}

/**
 * The team count started by the first handheld, joined by the second, and each one's reads so far sent (a batch
 * numbered from what its join answers). Answers the count's id. `npm run demo` starts it again this way when the one
 * it had timed out while the demo was stopped.
 */
export async function startTeamCount(call: Call, team: Omit<TeamCount, 'auditId'>): Promise<number> {
  const [first, second] = team.handhelds as [TeamCount['handhelds'][0], TeamCount['handhelds'][0]];
  const started = await call<{ audit_id: number }>('POST', '/api/rfid/audits', first.token, {
    client_audit_id: crypto.randomUUID(),
    name: team.name,
    location_id: team.locationId,
    audit_type: 'Full Count',
  });
  await call('POST', `/api/rfid/audits/${started.audit_id}/join`, second.token, {});
  for (const h of team.handhelds) await sendTeamReads(call, started.audit_id, h.token, h.reads);
  return started.audit_id;
}

/** One handheld's batch of `reads` in the team count, numbered as its join answers (the batch after its last). */
export async function sendTeamReads(
  call: Call,
  auditId: number,
  token: string,
  reads: TeamCount['handhelds'][0]['reads'],
) {
  if (reads.length === 0) return;
  const joined = await call<{ next_batch_seq: number }>(
    'POST',
    `/api/rfid/audits/${auditId}/join`,
    token,
    {},
  );
  await call('POST', `/api/rfid/audits/${auditId}/reads`, token, { batch_seq: joined.next_batch_seq, reads });
}

/** The catalogue's stock as the seed moved it (sales, applied counts, receipts, transfers), by SKU and place. */
class StockModel {
  private rows = new Map<string, Map<string, number>>();
  /** Units sold in the refill list's window (the last 7 days), by `sku@store`. */
  private recent = new Map<string, number>();
  constructor(products: DemoProduct[]) {
    for (const p of products) this.rows.set(p.sku, new Map(p.places.map((s) => [s.location, s.quantity])));
  }
  add(sku: string, location: string | null, delta: number) {
    if (location === null) return;
    const places = this.rows.get(sku) ?? new Map<string, number>();
    places.set(location, Math.max(0, (places.get(location) ?? 0) + delta));
    this.rows.set(sku, places);
  }
  at(location: string) {
    return [...this.rows].flatMap(([sku, places]) =>
      places.has(location) ? [{ sku, units: places.get(location) as number }] : [],
    );
  }
  placesWith(prefix: string, min: number) {
    return [...this.rows].flatMap(([sku, places]) =>
      [...places]
        .filter(([l, n]) => l.startsWith(prefix) && n >= min)
        .map(([location]) => ({ sku, location })),
    );
  }
  /**
   * A day's sales: `n` lines of a unit or two from shelves on the stores' sales floors that hold some. `isRecent`:
   * the day is within the refill list's 7 days (6 days back: a sale of the 7th may be earlier than 7 days ago).
   */
  salesOf(r: ReturnType<typeof random>, n: number, isRecent: boolean) {
    const shelves = [...this.rows].flatMap(([sku, places]) =>
      [...places]
        .filter(([l, units]) => l.includes(' > Sales Floor > ') && units >= 2)
        .map(([location]) => ({ sku, location })),
    );
    const sales: { sku: string; location: string; units: number }[] = [];
    const taken = new Set<string>();
    for (let i = 0; i < n * 3 && sales.length < n && shelves.length > 0; i++) {
      const s = r.pick(shelves);
      if (taken.has(`${s.sku}@${s.location}`)) continue;
      taken.add(`${s.sku}@${s.location}`);
      const units = r.next() < 0.8 ? 1 : 2;
      sales.push({ ...s, units });
      this.add(s.sku, s.location, -units);
      const store = `${s.sku}@${s.location.split(' > ')[0]}`;
      if (isRecent) this.recent.set(store, (this.recent.get(store) ?? 0) + units);
    }
    return sales;
  }
  /**
   * Products with units in a store's backroom, the most sold there this week first (the refill list's own order),
   * then by their units on that store's floor, the fewest first.
   */
  refillCandidates() {
    const found: { sku: string; floor: number; sold: number }[] = [];
    for (const [sku, places] of this.rows) {
      for (const store of ['Portland Store', 'Seattle Store', 'Boise Store']) {
        const inStore = [...places].filter(([l]) => l.startsWith(`${store} > `));
        const back = inStore.filter(([l]) => l.includes(' > Backroom > ')).reduce((n, [, q]) => n + q, 0);
        const floor = inStore.filter(([l]) => l.includes(' > Sales Floor > '));
        if (back > 0 && floor.length > 0) {
          found.push({
            sku,
            floor: floor.reduce((n, [, q]) => n + q, 0),
            sold: this.recent.get(`${sku}@${store}`) ?? 0,
          });
          break;
        }
      }
    }
    return found.sort((a, b) => b.sold - a.sold || a.floor - b.floor);
  }
}

const startOfUtcDay = (t: number) => t - (t % DAY);

function leafOf(c: ShowcaseContext, audit: TAudit): string | null {
  for (const [path, id] of c.locationIds) if (id === audit.location_id) return path;
  return null;
}

async function allAudits(call: Call, token: string): Promise<TAudit[]> {
  const audits: TAudit[] = [];
  for (let page = 1; ; page++) {
    const body = await call<{ data: TAudit[]; pagination: { hasNext: boolean } }>(
      'GET',
      `/api/audits?limit=100&page=${page}`,
      token,
    );
    audits.push(...body.data);
    if (!body.pagination.hasNext) return audits;
  }
}

async function productIds(call: Call, token: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let page = 1; ; page++) {
    const body = await call<{ data: { id: number; sku: string }[]; pagination: { hasNext: boolean } }>(
      'GET',
      `/api/inventory?limit=100&page=${page}`,
      token,
    );
    for (const p of body.data) ids.set(p.sku, p.id);
    if (!body.pagination.hasNext) return ids;
  }
}
