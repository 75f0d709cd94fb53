import type { Readable } from 'node:stream';
import {
  CSV_MESSAGES,
  decodeEpc,
  earliestToday,
  epcFromRfidTag,
  GTIN_MESSAGES,
  IMPORT_FAILURES_LISTED_MAX,
  INVENTORY_MESSAGES,
  LOCATION_NAME_MAX,
  mapHeaders,
  parseCsvRow,
  rfidTagFromSku,
  type TCsvColumn,
  type TImportFailure,
  type TImportResult,
  tagTakenMessage,
} from '@quantics/contracts';
import { CsvError, parse } from 'csv-parse';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { formatCount } from '../../lib/format.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import { recordEvent } from '../events/events.repo.ts';
import { personActor, setMovementContext } from '../movements/movement-context.repo.ts';
import * as staging from './import.repo.ts';
import { resolveLocations } from './import-locations.ts';
import * as merging from './import-merge.repo.ts';

export type ImportOptions = { dryRun: boolean; maxRows: number; fileName: string };

/** Rows sent to the database per statement: large enough to be few statements, small enough to stay flat in memory. */
const BATCH = 2000;

/** Thrown at the end of a dry run so the transaction rolls back everything it did, with the answer inside. */
class DryRunDone extends Error {
  constructor(readonly result: TImportResult) {
    super('dry run');
  }
}

const STAGED_MESSAGES: Record<string, (f: staging.StagedFailure) => string> = {
  contradicts: (f) => CSV_MESSAGES.contradicts(f.sku, (f.error_arg ?? '').split(','), Number(f.first_row)),
  duplicate_sku: (f) => CSV_MESSAGES.duplicateSku(f.sku, Number(f.error_arg)),
  duplicate_place: (f) => CSV_MESSAGES.duplicatePlace(f.sku, f.location, Number(f.error_arg)),
  total_too_large: (f) => CSV_MESSAGES.totalTooLarge(f.sku),
  too_many_places: (f) => CSV_MESSAGES.tooManyPlaces(f.sku),
  duplicate_tag: (f) => tagTakenMessage(f.rfid_tag, f.error_arg ?? ''),
  tag_taken: (f) => tagTakenMessage(f.rfid_tag, f.error_arg ?? ''),
  duplicate_gtin: (f) => GTIN_MESSAGES.taken(f.gtin ?? '', f.error_arg ?? ''),
  gtin_taken: (f) => GTIN_MESSAGES.taken(f.gtin ?? '', f.error_arg ?? ''),
  expired: () => INVENTORY_MESSAGES.expirationInPast,
  ambiguous_location: (f) => CSV_MESSAGES.ambiguousLocation(f.error_arg ?? ''),
  location_too_long: () => `Each location name must be at most ${LOCATION_NAME_MAX} characters`,
  location_invalid: () => 'Location must be a name or a path such as "Main Store > Backroom"',
};

/**
 * Imports a CSV stream into the catalogue, one row per SKU and place, in one transaction: either every good row lands
 * or, on any failure (or a dry run), none does. A SKU on several rows is one product, described by its first row;
 * each row sets the quantity at its place and leaves the product's other places as they are. Bad rows are reported,
 * not fatal, and nothing is left out without a row error. Memory stays flat: rows are parsed as they arrive and
 * staged in batches; only the first failures are kept for the answer.
 */
export async function importCsv(
  db: Db,
  actor: AuthContext,
  input: Readable,
  opts: ImportOptions,
): Promise<TImportResult> {
  try {
    return await db.transaction(async (tx) => {
      await staging.createStaging(tx);
      const parsed = await stageFile(tx, input, opts.maxRows);
      await staging.analyzeStaging(tx);
      await staging.markContradictions(tx);
      await staging.markDuplicatesInFile(tx);
      let locationsCreated: string[] = [];
      if (parsed.hasLocation) {
        const locations = await resolveLocations(tx, actor, await staging.distinctLocations(tx));
        await staging.applyLocations(tx, locations.resolved);
        locationsCreated = locations.created;
      }
      await staging.checkAgainstCatalogue(tx, actor.companyId, earliestToday());
      if (!parsed.hasLocation) await merging.placeAtHome(tx, actor.companyId);
      await staging.markDuplicatePlaces(tx, parsed.hasLocation ? 'duplicate_place' : 'duplicate_sku');
      await merging.checkStockLimits(tx, actor.companyId);
      await setMovementContext(tx, { reason: 'import', actor: personActor(actor) });
      const { created, updated, rows } = await merging.mergeRows(tx, actor.companyId);
      const stagedFailures = await staging.stagedFailures(tx, IMPORT_FAILURES_LISTED_MAX);

      const failed = [
        ...parsed.failures,
        ...stagedFailures.rows.map((f) => ({
          row: f.row_no,
          sku: f.sku,
          message: STAGED_MESSAGES[f.error_kind]?.(f) ?? f.error_kind,
        })),
      ].sort((a, b) => a.row - b.row);
      const failedCount = parsed.failedCount + stagedFailures.total;
      const result: TImportResult = {
        summary: { successful: rows, failed: failedCount, created, updated },
        details: {
          failed: failed.slice(0, IMPORT_FAILURES_LISTED_MAX),
          truncated: failedCount > IMPORT_FAILURES_LISTED_MAX,
        },
        locations_created: locationsCreated,
        dry_run: opts.dryRun,
      };
      if (opts.dryRun) throw new DryRunDone(result);
      const performer = userPerformer(actor);
      await recordActivity(tx, {
        companyId: actor.companyId,
        performer,
        action: 'inventory.import',
        type: 'inventory',
        message: `${performer.name} imported ${opts.fileName}: ${formatCount(created)} added, ${formatCount(updated)} updated, ${formatCount(failedCount)} failed`,
        metadata: { created, updated, failed: failedCount, quantity: parsed.units },
      });
      await recordEvent(tx, actor.companyId, 'inventory.import_completed', {
        file_name: opts.fileName,
        created,
        updated,
        failed: failedCount,
        units: parsed.units,
        by: performer.name,
      });
      return result;
    });
  } catch (e) {
    if (e instanceof DryRunDone) return e.result;
    throw e;
  }
}

/** What the parser found: the first failures, how many, the units named, and whether there is a location column. */
type Parsed = { failures: TImportFailure[]; failedCount: number; units: number; hasLocation: boolean };

/** Streams the file through the CSV parser into the staging table, checking each row's own rules on the way. */
async function stageFile(db: Db, input: Readable, maxRows: number): Promise<Parsed> {
  // bom: a UTF-8 BOM from Excel; relax_quotes: a stray quote inside an unquoted cell (5" screen) is text.
  const parser = input.pipe(parse({ bom: true, relax_column_count: true, relax_quotes: true }));
  let columns: (TCsvColumn | undefined)[] | undefined;
  let recordNo = 0;
  let dataRows = 0;
  let units = 0;
  const out: Parsed = { failures: [], failedCount: 0, units: 0, hasLocation: false };
  let batch: staging.StagedRow[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      recordNo += 1;
      if (!columns) {
        columns = headerColumns(record);
        out.hasLocation = columns.includes('location');
        continue;
      }
      // A spreadsheet shows blank lines as rows: they keep their number but are not products.
      if (record.every((cell) => cell.trim() === '')) continue;
      dataRows += 1;
      if (dataRows > maxRows) throw new AppError(413, CSV_MESSAGES.tooManyRows(maxRows));
      const cells: Partial<Record<TCsvColumn, string>> = {};
      columns.forEach((column, i) => {
        if (column && record[i] !== undefined) cells[column] = record[i];
      });
      const row = parseCsvRow(cells);
      if (!row.ok) {
        out.failedCount += 1;
        if (out.failures.length < IMPORT_FAILURES_LISTED_MAX) {
          out.failures.push({ row: recordNo, sku: row.sku, message: row.message });
        }
        continue;
      }
      // A tag given in the file (one the item already carries) or the one made from the SKU.
      const explicitEpc = row.value.epc;
      const rfidTag = explicitEpc ? (decodeEpc(explicitEpc) ?? explicitEpc) : rfidTagFromSku(row.value.sku);
      units += row.value.quantity ?? 0;
      batch.push({
        row_no: recordNo,
        ...row.value,
        rfid_tag: rfidTag,
        epc: explicitEpc ?? epcFromRfidTag(rfidTag),
        is_epc_explicit: explicitEpc !== null,
      });
      if (batch.length >= BATCH) {
        await staging.stageRows(db, batch);
        batch = [];
      }
    }
  } catch (e) {
    if (e instanceof CsvError) throw badRequest(CSV_MESSAGES.badCsv(e.message));
    throw e;
  }
  if (!columns) throw badRequest(CSV_MESSAGES.emptyFile);
  await staging.stageRows(db, batch);
  return { ...out, units };
}

function headerColumns(record: string[]): (TCsvColumn | undefined)[] {
  const columns = mapHeaders(record);
  for (const needed of ['name', 'sku'] as const) {
    if (!columns.includes(needed)) throw badRequest(CSV_MESSAGES.missingColumn(needed));
  }
  return columns;
}
