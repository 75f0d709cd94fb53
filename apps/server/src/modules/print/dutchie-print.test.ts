import { isMetrcLabel, type TDutchieItem } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DutchieShop, startDutchieShop } from '../../test/dutchie-shop.ts';
import { bearer } from '../../test/factories.ts';
import { onlineUtility, type UtilityClient, utilityToken } from '../../test/print-utility.ts';

// Labels of a point-of-sale company: printed from a Dutchie package, its package id the SKU and EPC source (a Metrc
// label is the EPC itself).

let w: DutchieShop;
let utility: UtilityClient;
let pkg: TDutchieItem;

const print = (sku: string, quantity = 1) =>
  w.t.app.inject({
    method: 'POST',
    url: '/api/print/print',
    headers: bearer(w.shop.operator.token),
    payload: { zpl: '', quantity, printerName: 'Zebra ZD621R', productInfo: { name: 'x', sku, epc: 'x' } },
  });

beforeAll(async () => {
  w = await startDutchieShop();
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  utility = await onlineUtility(w.t.app, await utilityToken(w.t.app, w.shop.operator.token), [
    { name: 'Zebra ZD621R', status: 'ready' },
  ]);
  pkg = w.all.find((i) => i.quantity > 0 && i.rooms.length > 0) as TDutchieItem;
});
afterAll(async () => {
  await utility?.close();
  await w?.close();
});

describe('labels of a point-of-sale company', () => {
  it("prints the package's label: its Metrc label as SKU, QR code and EPC (what Metrc's own tags carry)", async () => {
    const pending = print(pkg.packageId.toLowerCase(), 2);
    const job = await utility.next('print');
    utility.send({ type: 'ack', jobId: job.jobId, ok: true, printed: 2 });
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Print job sent: 2 label(s) for ${pkg.productName}`);
    // A Metrc label is 24 hex digits, 96 bits: written to the chip as it is, so this tag reads as Metrc's would.
    expect(isMetrcLabel(pkg.packageId)).toBe(true);
    expect(job.zpl).toContain(`^RFW,H^FD${pkg.packageId}^FS`);
    expect(job.zpl).toContain(`^FH^FDSKU: ${pkg.packageId}^FS`);
    expect(job.zpl).toContain(`^FH^FDQA,${pkg.packageId}^FS`);
    expect(job.quantity).toBe(2);
    expect(res.json().job).toMatchObject({
      status: 'succeeded',
      product_name: pkg.productName,
      sku: pkg.packageId,
      epc: pkg.packageId,
    });
  });

  it('a package id not in the store (or a catalogue SKU) is refused before anything is printed', async () => {
    const res = await print('1A4000000000000000999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Product not found' });
  });
});
