import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export type FullProductBody = {
  name: string;
  sku: string;
  quantity: number;
  min_stock_level?: number;
  unit_cost?: number;
  vendor?: string;
  category?: string;
  expiration_date?: string;
  location_id?: number;
};

/** Adds a product with costs, vendor, category and expiry through the API. */
export async function addProduct(request: APIRequestContext, token: string, body: FullProductBody) {
  const res = await request.post('/api/inventory', { headers: auth(token), data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; sku: string; epc: string };
}

/** A calendar day `days` from today, YYYY-MM-DD in UTC (the server's current_date). */
export const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Pairs a handheld through the reader protocol over HTTP, as a reader does: it starts pairing, a person (the
 * admin's token) confirms the 6-digit code, the reader's poll receives its device token.
 */
export async function pairReader(request: APIRequestContext, adminToken: string, serial: string) {
  const start = await request.post('/api/rfid/register/start', {
    data: { serial_number: serial, model: 'Zebra RFD40' },
  });
  expect(start.status(), await start.text()).toBe(201);
  const { pairing_id, code, poll_secret } = await start.json();
  const confirm = await request.post('/api/rfid/register/confirm', {
    headers: auth(adminToken),
    data: { code },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  const poll = await request.post('/api/rfid/register/poll', { data: { pairing_id, poll_secret } });
  expect(poll.status(), await poll.text()).toBe(200);
  return (await poll.json()) as { device_id: number; device_token: string };
}

/**
 * One audit from a paired reader: each EPC read `units` times with distinct chip ids, then completed. `meanwhile`
 * runs after the reads are stored and before the count completes (a store trading while it is counted).
 */
export async function runAudit(
  request: APIRequestContext,
  deviceToken: string,
  name: string,
  found: { epc: string; units: number }[],
  meanwhile?: () => Promise<void>,
) {
  const started = await request.post('/api/rfid/audits', {
    headers: auth(deviceToken),
    data: { client_audit_id: randomUUID(), name },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { audit_id } = (await started.json()) as { audit_id: number };
  const reads = found.flatMap(({ epc, units }) =>
    Array.from({ length: units }, (_, u) => ({
      epc,
      tid: `E280${epc.slice(0, 12)}${u.toString(16).padStart(8, '0')}`,
    })),
  );
  const batch = await request.post(`/api/rfid/audits/${audit_id}/reads`, {
    headers: auth(deviceToken),
    data: { batch_seq: 0, reads },
  });
  expect(batch.ok(), await batch.text()).toBe(true);
  await meanwhile?.();
  const done = await request.post(`/api/rfid/audits/${audit_id}/complete`, {
    headers: auth(deviceToken),
    data: { batch_count: 1 },
  });
  expect(done.ok(), await done.text()).toBe(true);
  return audit_id;
}
