import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';

/** The Dutchie simulator started beside the server (playwright.config.ts: E2E_PORT + 1000). */
export const SIM_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1000}`;
/** The simulator's first store. */
export const SIM_KEY = 'dsim_greenleaf_5c1f7a9e2b';

async function control(path: string, body: unknown) {
  const res = await fetch(SIM_URL + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A key of its own for one test, so revoking it troubles no other test running in parallel. */
export async function addSimKey(): Promise<string> {
  const key = `dsim_e2e_${randomBytes(6).toString('hex')}`;
  await control('/__sim/keys', { key, locationId: 1101 });
  return key;
}

export const revokeSimKey = (key: string) => control('/__sim/keys', { key, revoke: true });

/** Dutchie's own rows for the store, to compare the screen with. */
export async function simInventory(key = SIM_KEY) {
  const res = await fetch(`${SIM_URL}/reporting/inventory?includeRoomQuantities=true`, {
    headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
  });
  return (await res.json()) as {
    packageId: string;
    productName: string;
    category: string;
    quantityAvailable: number;
    roomQuantities: { room: string; quantityAvailable: number }[];
  }[];
}

/** The simulator's second store, which no other test changes: a test may set its packages' quantities. */
export const SIM_KEY_NORTHSIDE = 'dsim_northside_8d2e4b6a1c';

/** Sets a package's quantity in the simulator, as a sale or a delivery would. */
export const setSimQuantity = (packageId: string, quantityAvailable: number) =>
  control(`/__sim/packages/${packageId}`, { quantityAvailable });
