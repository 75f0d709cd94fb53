import type { TShipmentSummary, TSuppliersReport } from '@quantics/contracts';
import { expect } from 'vitest';
import { multipartBody } from '../lib/multipart-body.ts';
import { bearer } from './factories.ts';
import type { PairedReader } from './readers.ts';
import type { Tenant } from './tenants.ts';
import type { TestApp } from './test-app.ts';

// Shipments' part of the isolation suite: A has a shipment (ASN ISO-A, supplier Isolated Supplier) to its location
// holding its product; B's admin, B's reader and B's CSV go after it, and B's lists and reports show none of it.

type World = { a: Tenant; b: Tenant; aLocationId: number; aProductId: number; bReader: PairedReader };
type Probe = (w: World) => Promise<void>;

export function shipmentProbes(getT: () => TestApp): Record<string, Probe> {
  let aShipment = 0;
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    getT().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const ensure = async (w: World) => {
    if (aShipment) return aShipment;
    const res = await call(w.a.admin.token, 'POST', '/api/shipments', {
      reference: 'ISO-A',
      supplier: 'Isolated Supplier',
      destination_location_id: w.aLocationId,
      lines: [{ sku: 'ISOA1', quantity: 2 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    aShipment = res.json().id;
    return aShipment;
  };
  const stillExpected = async (w: World) => {
    const res = await call(w.a.admin.token, 'GET', `/api/shipments/${aShipment}`);
    expect(res.json()).toMatchObject({ status: 'expected', receipt_audit_id: null, units_expected: 2 });
  };
  const expectNotFound = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(404);
    expect((res.json() as { message: string }).message).toBe('Shipment not found');
  };
  return {
    'POST /api/shipments': async (w) => {
      await ensure(w);
      // A's location and A's product are none of B's.
      const res = await call(w.b.admin.token, 'POST', '/api/shipments', {
        reference: 'ISO-B',
        destination_location_id: w.aLocationId,
        lines: [{ sku: 'ISOA1', quantity: 1 }],
      });
      expect(res.statusCode).toBe(400);
      await stillExpected(w);
    },
    'POST /api/shipments/import': async (w) => {
      await ensure(w);
      const body = multipartBody('reference,destination,sku,quantity\nISO-A,A store,ISOA1,1\n', 'asn.csv');
      const res = await getT().app.inject({
        method: 'POST',
        url: '/api/shipments/import',
        headers: { ...bearer(w.b.admin.token), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(400);
      await stillExpected(w);
    },
    'GET /api/shipments': async (w) => {
      await ensure(w);
      const list = (await call(w.b.admin.token, 'GET', '/api/shipments')).json().data as TShipmentSummary[];
      expect(list.map((s) => s.id)).not.toContain(aShipment);
      expect(JSON.stringify(list)).not.toContain('ISO-A');
    },
    'GET /api/shipments/:id': async (w) => {
      expectNotFound(await call(w.b.admin.token, 'GET', `/api/shipments/${await ensure(w)}`));
    },
    'DELETE /api/shipments/:id': async (w) => {
      expectNotFound(await call(w.b.admin.token, 'DELETE', `/api/shipments/${await ensure(w)}`));
      await stillExpected(w);
    },
    'POST /api/shipments/:id/send': async (w) => {
      expectNotFound(await call(w.b.admin.token, 'POST', `/api/shipments/${await ensure(w)}/send`));
      await stillExpected(w);
    },
    'GET /api/shipments/:id/receipt.csv': async (w) => {
      expectNotFound(await call(w.b.admin.token, 'GET', `/api/shipments/${await ensure(w)}/receipt.csv`));
    },
    'GET /api/reports/suppliers': async (w) => {
      await ensure(w);
      const report = (
        await call(w.b.admin.token, 'GET', '/api/reports/suppliers?from=2000-01-01&to=2099-12-31')
      ).json();
      expect((report as TSuppliersReport).suppliers).toEqual([]);
    },
    'GET /api/reports/suppliers.csv': async (w) => {
      await ensure(w);
      const csv = await call(
        w.b.admin.token,
        'GET',
        '/api/reports/suppliers.csv?from=2000-01-01&to=2099-12-31',
      );
      expect(csv.body).not.toContain('Isolated Supplier');
    },
  };
}
