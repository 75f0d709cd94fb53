import { randomUUID } from 'node:crypto';
import { epcFromRfidTag, rfidTagFromSku } from '@quantics/contracts';
import { readsOf } from '@quantics/contracts/testing';
import { locations, products } from '../db/schema/index.ts';
import { bearer } from './factories.ts';
import type { TestApp } from './test-app.ts';

let serials = 0;
export const uniqueSerial = (prefix = 'SN') => `${prefix}-${++serials}-${Date.now().toString(36)}`;

export type PairedReader = { deviceId: number; token: string; serial: string };

/** A reader paired through the real protocol: start, an operator confirms the code, the first poll gets the token. */
export async function pairReader(
  t: TestApp,
  tenant: { operator: { token: string } },
  serial = uniqueSerial(),
): Promise<PairedReader> {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/rfid/register/start',
    payload: { serial_number: serial, model: 'Zebra RFD40' },
  });
  if (start.statusCode !== 201) throw new Error(`start: ${start.statusCode} ${start.body}`);
  const { pairing_id, code, poll_secret } = start.json();
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/rfid/register/confirm',
    headers: bearer(tenant.operator.token),
    payload: { code },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`);
  const poll = await t.app.inject({
    method: 'POST',
    url: '/api/rfid/register/poll',
    payload: { pairing_id, poll_secret },
  });
  if (poll.statusCode !== 200) throw new Error(`poll: ${poll.statusCode} ${poll.body}`);
  return { deviceId: poll.json().device_id, token: poll.json().device_token, serial };
}

/** Calls a reader route with the device token. */
export const asReader = (t: TestApp, token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

export async function addLocation(
  t: TestApp,
  companyId: number,
  name: string,
  parentId: number | null = null,
) {
  const [row] = await t.database.db
    .insert(locations)
    .values({ companyId, name, parentLocationId: parentId })
    .returning({ id: locations.id });
  if (!row) throw new Error('insert location returned nothing');
  return row.id;
}

export type ProductSeed = { sku: string; quantity: number; locationId?: number | null; name?: string };

/** Catalogue rows written straight to the table (the inventory API has its own tests); tag and EPC from the SKU. */
export async function addProducts(t: TestApp, companyId: number, seeds: ProductSeed[]) {
  const rows = await t.database.db
    .insert(products)
    .values(
      seeds.map((s) => {
        const rfidTag = rfidTagFromSku(s.sku);
        return {
          companyId,
          name: s.name ?? `Product ${s.sku}`,
          sku: s.sku.toUpperCase(),
          rfidTag,
          epc: epcFromRfidTag(rfidTag),
          quantity: s.quantity,
          locationId: s.locationId ?? null,
        };
      }),
    )
    .returning({ id: products.id, sku: products.sku, epc: products.epc });
  return Object.fromEntries(rows.map((r) => [r.sku, r]));
}

// A TID per unit, and a product's tags as reads: with the reconciliation cases they build, in the contracts.
export { readsOf, tidFor } from '@quantics/contracts/testing';

/**
 * An audit of a shelf of its own holding `expected` units of one product, finding `found` of them, completed through
 * the reader protocol by a reader paired for it. With nothing expected, `found` reads of a tag nobody knows.
 */
export async function completeShelfAudit(
  t: TestApp,
  tenant: { companyId: number; operator: { token: string } },
  name: string,
  expected: number,
  found: number,
) {
  const shelf = await addLocation(t, tenant.companyId, `${name} shelf`);
  const sku = `S${randomUUID().slice(0, 8)}`.toUpperCase();
  const epc =
    expected > 0
      ? ((await addProducts(t, tenant.companyId, [{ sku, quantity: expected, locationId: shelf }]))[sku]
          ?.epc as string)
      : '5155414E544943530000BEEF';
  const reader = await pairReader(t, tenant);
  const id = (
    await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      name,
      location_id: shelf,
    })
  ).json().audit_id as number;
  await asReader(t, reader.token, `/api/rfid/audits/${id}/reads`, {
    batch_seq: 0,
    reads: readsOf(epc, found),
  });
  const done = await asReader(t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 1 });
  if (done.statusCode !== 200) throw new Error(`complete: ${done.statusCode} ${done.body}`);
  return { id, reader };
}

/**
 * Sends a count's reads in one batch (`found` units of each SKU, by its EPC in `epcs`) and completes it, through the
 * reader protocol as the reader `token`; fails the test on any answer but 200. Answers the audit's id.
 */
export async function finishCount(
  t: TestApp,
  token: string,
  id: number,
  epcs: Record<string, string>,
  found: Record<string, number>,
) {
  const reads = Object.entries(found).flatMap(([sku, n]) => readsOf(epcs[sku] as string, n));
  const sent = await asReader(t, token, `/api/rfid/audits/${id}/reads`, { batch_seq: 0, reads });
  if (sent.statusCode !== 200) throw new Error(`reads: ${sent.statusCode} ${sent.body}`);
  const done = await asReader(t, token, `/api/rfid/audits/${id}/complete`, { batch_count: 1 });
  if (done.statusCode !== 200) throw new Error(`complete: ${done.statusCode} ${done.body}`);
  return id;
}
