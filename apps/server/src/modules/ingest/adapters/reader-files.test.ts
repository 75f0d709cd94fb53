import {
  READER_MESSAGES,
  READS_FILE_MESSAGES,
  type TAuditImportResponse,
  type TDiscrepancy,
} from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../lib/multipart-body.ts';
import { tableDigests } from '../../../test/db-digest.ts';
import { bearer } from '../../../test/factories.ts';
import { addLocation, addProducts, tidFor } from '../../../test/readers.ts';
import { createTenant, type Tenant } from '../../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let a: Tenant;
let shelf: number;
let epc: Record<string, string>;
const STRANGER = 'E2801160600002086CFF4D3A';

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Import Reads Co');
  shelf = await addLocation(t, a.companyId, 'Shelf');
  const rows = await addProducts(t, a.companyId, [
    { sku: 'JAR1', quantity: 3, locationId: shelf },
    { sku: 'JAR2', quantity: 2, locationId: shelf },
    { sku: 'JAR3', quantity: 1, locationId: shelf },
  ]);
  epc = Object.fromEntries(Object.entries(rows).map(([sku, r]) => [sku, r.epc]));
});
afterAll(() => t?.close());

function upload(
  content: string,
  filename: string,
  fields: Record<string, string> = {},
  token = a.operator.token,
) {
  const body = multipartBody(content, filename, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/audits/import',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const discrepancies = async (auditId: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/audits/${auditId}/discrepancies`,
      headers: bearer(a.member.token),
    })
  ).json() as TDiscrepancy[];

const auditTotal = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/audits', headers: bearer(a.member.token) })).json().summary
    .total as number;

const e = (sku: string) => epc[sku] ?? '';

describe('POST /api/audits/import', () => {
  it("takes 123RFID Mobile's inventory export: summary lines, its header, extra columns; units by TID", async () => {
    const file = [
      'UNIQUE COUNT:,4',
      'TOTAL COUNT:,11',
      'TOTAL TIME:,00:00:42',
      '',
      'TAG ID,COUNT,RSSI,TID,ANTENNA',
      `${e('JAR1')},3,-51,${tidFor(e('JAR1'), 0)},1`,
      `${e('JAR1')},2,-55,${tidFor(e('JAR1'), 1)},1`,
      `${e('JAR1')},4,-49,${tidFor(e('JAR1'), 2)},1`,
      `${e('JAR2')},1,-60,${tidFor(e('JAR2'), 0)},1`,
      `${STRANGER},1,-70,,1`,
    ].join('\r\n');
    const res = await upload(file, 'inventory_2026-11-25.csv', {
      location_id: String(shelf),
      name: 'Shelf count',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as TAuditImportResponse;
    expect(body).toMatchObject({
      duplicate: false,
      format: '123rfid',
      reads: 5,
      failed: [],
      failed_count: 0,
    });
    expect(body.audit).toMatchObject({
      name: 'Shelf count',
      status: 'completed',
      location: 'Shelf',
      device_name: 'inventory_2026-11-25.csv',
      audit_type: 'File import',
      started_by: a.operator.name,
      tags_expected: 6,
      tags_found: 4,
      reads_count: 5,
      unknown_count: 1,
    });
    const found = Object.fromEntries(
      (await discrepancies(body.audit.id)).map((d) => [
        d.product_sku ?? d.epc,
        [d.discrepancy_type, d.found_quantity],
      ]),
    );
    expect(found).toEqual({ JAR2: ['shortage', 1], JAR3: ['shortage', 0], [STRANGER]: ['unknown', 1] });

    // The same file again: the audit it made, not a second one.
    const before = await auditTotal();
    const again = await upload(file, 'renamed.csv', { location_id: String(shelf) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, audit: { id: body.audit.id } });
    expect(await auditTotal()).toBe(before);
  });

  it('takes any CSV with an EPC column, and plain text with one EPC a line, listing the bad lines', async () => {
    const csv = `Timestamp;ignored\n"epc","tid"\n${e('JAR3').toLowerCase()},${tidFor(e('JAR3'), 0)}\nnot-a-tag,\n${e('JAR2')},zz\n`;
    const fromCsv = await upload(csv, 'export.csv', { location_id: String(shelf) });
    expect(fromCsv.statusCode, fromCsv.body).toBe(201);
    expect(fromCsv.json()).toMatchObject({
      format: 'csv',
      reads: 1,
      failed_count: 2,
      failed: [
        { row: 4, value: 'not-a-tag', message: READS_FILE_MESSAGES.epcInvalid },
        { row: 5, value: e('JAR2'), message: READS_FILE_MESSAGES.tidInvalid },
      ],
      audit: { tags_found: 1, tags_expected: 6 },
    });

    // A line that is not an EPC is a barcode: 'hello' is a code no product has.
    const text = `${e('JAR1')}\n\n0x${e('JAR2').toLowerCase()}\n${e('JAR3').slice(0, 4)} ${e('JAR3').slice(4)}\nhello\n${'x'.repeat(201)}\n`;
    const fromText = await upload(text, 'tags.txt', { location_id: String(shelf) });
    expect(fromText.statusCode, fromText.body).toBe(201);
    expect(fromText.json()).toMatchObject({
      format: 'text',
      reads: 4,
      failed: [{ row: 6, value: 'x'.repeat(100), message: 'code must be 1 to 200 printable characters' }],
      audit: { tags_found: 3, unknown_count: 1, name: 'Import of tags.txt' },
    });
    const rows = await discrepancies(fromText.json().audit.id);
    expect(rows.find((r) => r.discrepancy_type === 'unknown')).toMatchObject({
      rfid_tag: 'hello',
      code_format: 'Text',
      notes: 'Unknown code "hello" matches no product',
    });
  });

  it('takes a barcode column with quantities, beside EPCs: GTINs, GS1 serials, SKUs and unknown codes', async () => {
    await t.database.db.execute(
      sql`update products set gtin = '00012345678905' where company_id = ${a.companyId} and sku = 'JAR1'`,
    );
    const GS = '\u001d';
    const csv = [
      'EPC,Barcode,Qty',
      `${e('JAR2')},,`,
      ',012345678905,1',
      `,]d20100012345678905${'21'}S1${GS}10L1,`,
      `,]d20100012345678905${'21'}S1${GS}10L1,`,
      ',jar3,',
      ',012345678906,',
      ',,5',
      ',JAR2,0',
    ].join('\n');
    const res = await upload(csv, 'scans.csv', { location_id: String(shelf) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      format: 'csv',
      reads: 6,
      failed_count: 2,
      failed: [
        { row: 8, message: READS_FILE_MESSAGES.noEpcOrCode },
        { row: 9, value: 'JAR2', message: READS_FILE_MESSAGES.quantityInvalid },
      ],
      // JAR1: 1 by its UPC and 1 serial scanned twice; JAR2 its tag; JAR3 its SKU.
      audit: { tags_found: 4, tags_expected: 6, unknown_count: 1 },
    });
    const rows = await discrepancies(res.json().audit.id);
    expect(rows.find((r) => r.product_sku === 'JAR1')).toMatchObject({
      expected_quantity: 3,
      found_quantity: 2,
      discrepancy_type: 'shortage',
      // What was scanned for it, GS shown as a space.
      codes: '012345678905, ]d20100012345678905' + '21S1 10L1 ×2',
    });
    expect(rows.find((r) => r.product_sku === 'JAR2')).toMatchObject({ found_quantity: 1, codes: null });
    expect(rows.find((r) => r.product_sku === 'JAR3')).toBeUndefined();
    expect(rows.find((r) => r.discrepancy_type === 'unknown')).toMatchObject({
      rfid_tag: '012345678906',
      code_format: 'UPC-A',
      notes: 'Unknown UPC-A 012345678906: GTIN check digit is wrong',
    });
    await t.database.db.execute(sql`update products set gtin = null where company_id = ${a.companyId}`);
  });

  it('makes one audit when the same file arrives twice at once', async () => {
    const file = `${e('JAR1')}\n${e('JAR3')}\n${e('JAR2')}\n`;
    const before = await auditTotal();
    const answers = await Promise.all([upload(file, 'twice.txt'), upload(file, 'twice.txt')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const ids = answers.map((r) => r.json().audit.id);
    expect(ids[0]).toBe(ids[1]);
    expect(await auditTotal()).toBe(before + 1);
  });

  it('refuses what is not a file of reads, changing nothing', async () => {
    const before = await tableDigests(t);
    const cases: [Awaited<ReturnType<typeof upload>>, number, string][] = [
      [await upload(`${e('JAR1')}\n`, 'reads.xlsx'), 400, READS_FILE_MESSAGES.notReadsFile],
      [await upload('', 'empty.csv'), 400, READS_FILE_MESSAGES.emptyFile],
      [await upload('"epc"\nhello\nworld\n', 'words.csv'), 400, READS_FILE_MESSAGES.noReads],
      [
        await upload(`${e('JAR1')}\n`, 'r.txt', { location_id: 'shelf' }),
        400,
        'location_id must be a location id',
      ],
      [
        await upload(`${e('JAR1')}\n`, 'r.txt', { location_id: '999999' }),
        404,
        READER_MESSAGES.locationNotFound,
      ],
      [await upload(`${e('JAR1')}\n`, 'r.txt', { room: 'Backstock' }), 400, READER_MESSAGES.roomIsForDutchie],
      [
        await upload(`${e('JAR1')}\n`, 'r.txt', { name: 'Count\u0000' }),
        400,
        'name contains a character that is not allowed (U+0000)',
      ],
    ];
    for (const [res, status, message] of cases) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/audits/import',
      headers: bearer(a.operator.token),
      payload: { file: e('JAR1') },
    });
    expect([json.statusCode, json.json().message]).toEqual([400, READS_FILE_MESSAGES.noFile]);
    expect(await tableDigests(t)).toEqual(before);
  });

  it('is for operators and admins', async () => {
    const res = await upload(`${e('JAR1')}\n`, 'member.txt', {}, a.member.token);
    expect(res.statusCode).toBe(403);
  });
});
