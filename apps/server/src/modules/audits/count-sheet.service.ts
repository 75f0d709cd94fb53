import {
  decodeTag,
  identifyCode,
  READER_MESSAGES,
  type TCountSheet,
  type TCountSheetItem,
  type TCountSheetLookupResponse,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { DeviceContext } from '../../lib/request-context.ts';
import * as repo from './count-sheet.repo.ts';
import { movedInScope, movedOf } from './live-expected.repo.ts';

async function deviceAudit(db: Db, device: DeviceContext, auditId: number) {
  const audit = await repo.findDeviceAudit(db, device.companyId, device.deviceId, auditId);
  if (!audit) throw notFound(READER_MESSAGES.auditNotFound);
  return audit;
}

const itemOf = (r: repo.SheetRow): TCountSheetItem => ({
  epc: r.epc,
  name: r.name,
  sku: r.sku,
  expected: Number(r.expected),
  in_scope: Boolean(r.in_scope),
  gtin: r.gtin,
  ...(r.is_package !== undefined && {
    is_package: Boolean(r.is_package),
    units: Number(r.units),
    belongs: r.belongs ?? null,
  }),
  ...(r.location !== undefined && { location: r.location }),
  ...(r.moved != null && { moved: movedOf(r.moved) }),
  // A catalogue product read at a location where it is not kept: where it is (lookups only).
  ...(r.is_package === undefined && r.belongs && { belongs: r.belongs }),
});

/**
 * The sheet of the reader's own audit: what each tag could be and what is expected, so a reader names tags and
 * keeps its live figures as reads arrive (found, misplaced and unknown as completion will count them). With
 * `items: 'none'`, its totals only, and with `'expected'` the items in scope beside them (the Count screen names what it reads with lookupSheet instead: at a million
 * products the whole sheet is too much for a phone). Another reader's or company's audit is 404.
 */
export async function countSheet(
  db: Db,
  device: DeviceContext,
  auditId: number,
  items: 'all' | 'none' | 'expected' = 'all',
): Promise<TCountSheet> {
  const audit = await deviceAudit(db, device, auditId);
  const isPointOfSale = audit.expectedAsOf !== null;
  const recountId = audit.recountOf === null ? null : auditId;
  if (items !== 'all') {
    const totals = isPointOfSale
      ? await repo.snapshotTotals(db, device.companyId, auditId)
      : {
          // What the places hold now, less what moved after each product's first read (the reconciliation's rule).
          expected: (
            await expectedSoFar(
              db,
              { companyId: device.companyId, auditId, locationId: audit.locationId },
              await repo.catalogueExpected(db, device.companyId, audit.locationId, recountId),
            )
          ).expected,
          packages: 0,
        };
    return {
      audit_id: auditId,
      tags_expected: totals.expected,
      packages_expected: totals.packages,
      is_point_of_sale: isPointOfSale,
      items:
        items === 'none'
          ? []
          : (isPointOfSale
              ? await repo.snapshotSheet(db, device.companyId, auditId, null, true)
              : await repo.catalogueSheet(
                  db,
                  device.companyId,
                  auditId,
                  audit.locationId,
                  recountId,
                  null,
                  true,
                )
            ).map(itemOf),
    };
  }
  const rows = isPointOfSale
    ? await repo.snapshotSheet(db, device.companyId, auditId)
    : await repo.catalogueSheet(db, device.companyId, auditId, audit.locationId, recountId);
  const sheetItems = rows.map(itemOf);
  const tagsExpected = sheetItems.reduce((sum, i) => sum + (i.in_scope ? i.expected : 0), 0);
  return { audit_id: auditId, tags_expected: tagsExpected, items: sheetItems };
}

/**
 * The sheet's items the tags and codes read could match, by the rules the screen then applies (contracts' matchTag
 * and matchCode): a tag by its EPC or, a GS1 SGTIN, its GTIN; a code by its EPC, GTIN (or the other GTIN it may
 * be) or SKU. Every candidate is answered, so the reader picks among them exactly as with the whole sheet.
 */
export async function lookupSheet(
  db: Db,
  device: DeviceContext,
  auditId: number,
  read: { epcs: string[]; codes: string[] },
): Promise<TCountSheetLookupResponse> {
  const audit = await deviceAudit(db, device, auditId);
  const keys: repo.SheetKeys = { epcs: [], gtins: [], skus: [] };
  for (const epc of read.epcs) {
    keys.epcs.push(epc);
    const { gtin } = decodeTag(epc);
    if (gtin) keys.gtins.push(gtin);
  }
  for (const code of read.codes) {
    const id = identifyCode(code);
    if (id.epc) keys.epcs.push(id.epc);
    for (const g of [id.gtin, id.altGtin]) if (g) keys.gtins.push(g);
    if (id.skuKey) keys.skus.push(id.skuKey);
  }
  if (keys.epcs.length + keys.gtins.length + keys.skus.length === 0) return { audit_id: auditId, items: [] };
  const rows =
    audit.expectedAsOf !== null
      ? await repo.snapshotSheet(db, device.companyId, auditId, keys)
      : await repo.catalogueSheet(
          db,
          device.companyId,
          auditId,
          audit.locationId,
          audit.recountOf === null ? null : auditId,
          keys,
        );
  return { audit_id: auditId, items: rows.map(itemOf) };
}

/**
 * An open catalogue count's expected units in a trading store, by the reconciliation's rule: `held` (what its places
 * hold now, as the progress sums them) less what moved after each product's first read so far, and what moved
 * during it (null: nothing). A Dutchie count's sales are read from Dutchie at completion: its snapshot stands.
 */
export async function expectedSoFar(
  db: Db,
  count: { companyId: number; auditId: number; locationId: number | null },
  held: number,
) {
  const moved = await movedInScope(db, count.companyId, count.auditId, count.locationId);
  return { expected: held - moved.afterRead, moved: moved.moved };
}
