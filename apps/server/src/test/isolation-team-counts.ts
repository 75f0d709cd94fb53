import { randomUUID } from 'node:crypto';
import type { TOpenCountsResponse } from '@quantics/contracts';
import { expect } from 'vitest';
import { bearer } from './factories.ts';
import { type PairedReader, pairReader, uniqueSerial } from './readers.ts';
import type { Tenant } from './tenants.ts';
import type { TestApp } from './test-app.ts';

// Team counts' part of the isolation suite: A has a count in progress on a reader of its own; B's admin and B's
// reader go after it. B's fixed reader made here is deleted again, so the other probes still see B's one handheld.

type World = { a: Tenant; b: Tenant; aLocationId: number; bReader: PairedReader };
type Probe = (w: World) => Promise<void>;

export function teamCountProbes(getT: () => TestApp): Record<string, Probe> {
  let aCount = 0;
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    getT().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  /** A's count in progress, started once by a reader of A's own. */
  const ensure = async (w: World) => {
    if (aCount) return aCount;
    const reader = await pairReader(getT(), w.a);
    const res = await call(reader.token, 'POST', '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      location_id: w.aLocationId,
      name: 'A team count',
    });
    expect(res.statusCode, res.body).toBe(201);
    aCount = res.json().audit_id;
    return aCount;
  };
  const aOpen = async (w: World) =>
    ((await call(w.a.admin.token, 'GET', '/api/audits/open')).json() as TOpenCountsResponse).data.find(
      (c) => c.id === aCount,
    );
  const expectNotFound = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(404);
    expect((res.json() as { message: string }).message).toMatch(/not found/i);
  };
  return {
    'GET /api/rfid/audits/open': async (w) => {
      await ensure(w);
      const list = (
        await call(w.bReader.token, 'GET', '/api/rfid/audits/open')
      ).json() as TOpenCountsResponse;
      expect(list.data.map((c) => c.id)).not.toContain(aCount);
      expect(JSON.stringify(list)).not.toContain('A team count');
    },
    'POST /api/rfid/audits/:audit_id/join': async (w) => {
      await ensure(w);
      expectNotFound(await call(w.bReader.token, 'POST', `/api/rfid/audits/${aCount}/join`));
      expect((await aOpen(w))?.participants).toHaveLength(1);
    },
    'GET /api/audits/open': async (w) => {
      await ensure(w);
      const list = (await call(w.b.admin.token, 'GET', '/api/audits/open')).json() as TOpenCountsResponse;
      expect(list.data.map((c) => c.id)).not.toContain(aCount);
      expect((await aOpen(w))?.name).toBe('A team count');
    },
    'GET /api/audits/:id/progress': async (w) => {
      await ensure(w);
      expectNotFound(await call(w.b.admin.token, 'GET', `/api/audits/${aCount}/progress`));
    },
    'POST /api/audits/:id/participants': async (w) => {
      await ensure(w);
      const fixed = await call(w.b.admin.token, 'POST', '/api/devices/fixed', {
        name: 'B dock',
        serial_number: uniqueSerial('R700-B'),
      });
      const bFixed = fixed.json().device.id as number;
      expectNotFound(
        await call(w.b.admin.token, 'POST', `/api/audits/${aCount}/participants`, { device_id: bFixed }),
      );
      // A's own admin cannot seat B's reader in A's count either: it is no device of A's.
      expectNotFound(
        await call(w.a.admin.token, 'POST', `/api/audits/${aCount}/participants`, { device_id: bFixed }),
      );
      expect((await aOpen(w))?.participants).toHaveLength(1);
      await getT().app.inject({
        method: 'DELETE',
        url: `/api/devices/${bFixed}`,
        headers: bearer(w.b.admin.token),
      });
    },
    'POST /api/audits/:id/finish': async (w) => {
      await ensure(w);
      expectNotFound(await call(w.b.admin.token, 'POST', `/api/audits/${aCount}/finish`));
      expect(await aOpen(w)).toBeDefined();
    },
  };
}
