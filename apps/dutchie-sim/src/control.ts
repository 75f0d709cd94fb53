import type { Answer } from './api.ts';
import { recordSale } from './sales.ts';
import { FAULT_MODES, type FaultMode, NO_FAULT, type SimState } from './state.ts';

/**
 * The simulator's own switches under /__sim (not part of Dutchie's API): tests flip faults, revoke or add keys,
 * change a package's quantity, ring up a sale and read how many calls reached the simulator.
 */
export function control(state: SimState, method: string, path: string, body: unknown): Answer {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (method === 'GET' && path === '/__sim/state') {
    return {
      status: 200,
      body: {
        fault: state.fault,
        requests: Object.fromEntries(state.requests),
        totalRequests: [...state.requests.values()].reduce((s, n) => s + n, 0),
        locations: [...state.locations.values()].map((l) => ({
          locationId: l.locationId,
          locationName: l.locationName,
          packages: l.inventory.length,
          transactions: l.transactions.length,
        })),
      },
    };
  }
  if (method === 'POST' && path === '/__sim/reset') {
    state.reset();
    return { status: 200, body: { ok: true } };
  }
  if (method === 'POST' && path === '/__sim/faults') {
    const mode = String(b.mode ?? 'none') as FaultMode;
    if (!FAULT_MODES.includes(mode))
      return { status: 400, body: { Message: `mode: one of ${FAULT_MODES.join(', ')}` } };
    state.fault = {
      ...NO_FAULT,
      mode,
      status: typeof b.status === 'number' ? b.status : 500,
      delayMs: typeof b.delayMs === 'number' ? b.delayMs : 0,
      remaining: typeof b.times === 'number' ? b.times : null,
      path: typeof b.path === 'string' ? b.path : '/',
    };
    return { status: 200, body: state.fault };
  }
  if (method === 'POST' && path === '/__sim/keys') {
    const key = String(b.key ?? '');
    if (!key) return { status: 400, body: { Message: 'key is required' } };
    if (b.revoke === true) state.keys.delete(key);
    else {
      const locationId = typeof b.locationId === 'number' ? b.locationId : 1101;
      if (!state.locations.has(locationId)) return { status: 400, body: { Message: 'unknown locationId' } };
      state.keys.set(key, { locationId, canReport: b.canReport !== false });
    }
    return { status: 200, body: { ok: true } };
  }
  if (method === 'POST' && path === '/__sim/transactions') return recordSale(state.locations.values(), b);
  const pkg = /^\/__sim\/packages\/([A-Za-z0-9]+)$/.exec(path);
  if (method === 'POST' && pkg) {
    const quantity = b.quantityAvailable;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 0) {
      return { status: 400, body: { Message: 'quantityAvailable: a whole number of 0 or more' } };
    }
    for (const location of state.locations.values()) {
      const row = location.inventory.find((p) => p.packageId === pkg[1]);
      if (!row) continue;
      const room = row.roomQuantities[0] ?? location.rooms[0];
      const roomId = room?.roomId ?? 0;
      const roomName = room && 'room' in room ? room.room : (location.rooms[0]?.roomName ?? 'Sales Floor');
      row.quantityAvailable = quantity;
      row.roomQuantities = quantity === 0 ? [] : [{ roomId, room: roomName, quantityAvailable: quantity }];
      row.lastModifiedDateUtc = new Date().toISOString();
      return { status: 200, body: row };
    }
    return { status: 404, body: { Message: 'unknown package' } };
  }
  return { status: 404, body: { Message: 'unknown control path' } };
}
