import { READER_MESSAGES, type TCountSheet } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { DeviceContext } from '../../lib/request-context.ts';
import * as repo from './count-sheet.repo.ts';

/**
 * The sheet of the reader's own audit: what each tag could be and what is expected, so the Count screen names
 * tags and keeps its live figures as reads arrive (found, misplaced and unknown as completion will count them).
 * Another reader's or company's audit is 404.
 */
export async function countSheet(db: Db, device: DeviceContext, auditId: number): Promise<TCountSheet> {
  const audit = await repo.findDeviceAudit(db, device.companyId, device.deviceId, auditId);
  if (!audit) throw notFound(READER_MESSAGES.auditNotFound);
  const rows = audit.expectedAsOf
    ? await repo.snapshotSheet(db, device.companyId, auditId)
    : await repo.catalogueSheet(
        db,
        device.companyId,
        audit.locationId,
        audit.recountOf === null ? null : auditId,
      );
  const items = rows.map((r) => ({
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
  }));
  const tagsExpected = items.reduce((sum, i) => sum + (i.in_scope ? i.expected : 0), 0);
  return { audit_id: auditId, tags_expected: tagsExpected, items };
}
