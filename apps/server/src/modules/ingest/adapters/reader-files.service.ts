import { createHash, randomUUID } from 'node:crypto';
import {
  CSV_MESSAGES,
  fileRead,
  IMPORT_FAILURES_LISTED_MAX,
  isSummaryLine,
  READS_FILE_MESSAGES,
  READS_HEADER_SEARCH_ROWS,
  READS_PER_BATCH_MAX,
  readsHeader,
  type TAuditImportResponse,
  type TFileRead,
  type TReadsColumn,
  type TReadsFileFailure,
  type TReadsFileFormat,
} from '@quantics/contracts';
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { badRequest } from '../../../lib/app-error.ts';
import { isUniqueViolation } from '../../../lib/pg-errors.ts';
import type { AuthContext } from '../../../lib/request-context.ts';
import { userPerformer } from '../../activity/activity.service.ts';
import { findImportedAudit } from '../../audits/audits.repo.ts';
import { getAudit } from '../../audits/audits.service.ts';
import { countBatch, createAudit, type IngestDeps, reconcileAudit } from '../audit-lifecycle.service.ts';
import * as ingestRepo from '../ingest.repo.ts';
import { ensureReadPartitions } from '../reads-storage.repo.ts';

export type ParsedReads = {
  format: TReadsFileFormat;
  reads: (TFileRead & { row: number })[];
  failures: TReadsFileFailure[];
  failedCount: number;
};

/**
 * A reader app's export as reads: a header naming an EPC column on one of the first rows makes it a CSV (123RFID's
 * when summary lines come first), otherwise each line is an EPC. Rows above the header and blank lines are not reads.
 */
export function parseReadsFile(text: string, maxRows: number): ParsedReads {
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  } catch (e) {
    if (e instanceof CsvError) throw badRequest(CSV_MESSAGES.badCsv(e.message));
    throw e;
  }
  const headerAt = rows.slice(0, READS_HEADER_SEARCH_ROWS).findIndex((cells) => readsHeader(cells) !== null);
  const out: ParsedReads = { format: 'text', reads: [], failures: [], failedCount: 0 };
  const take = (row: number, cells: Partial<Record<TReadsColumn, string>>, isOneALine = false) => {
    const result = fileRead(cells, isOneALine);
    if (result.ok) out.reads.push({ ...result.read, row });
    else {
      out.failedCount += 1;
      if (out.failures.length < IMPORT_FAILURES_LISTED_MAX) {
        out.failures.push({ row, value: result.value, message: result.message });
      }
    }
  };
  const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');
  const lines = rows.length - (headerAt === -1 ? 0 : headerAt + 1);
  if (lines > maxRows) throw badRequest(READS_FILE_MESSAGES.tooManyRows(maxRows));

  if (headerAt === -1) {
    // One EPC or barcode a line: the whole line is the read (a comma in it does not make two reads).
    rows.forEach((cells, i) => {
      if (!isBlank(cells)) take(i + 1, { epc: cells.join(',') }, true);
    });
  } else {
    const columns = readsHeader(rows[headerAt] ?? []) ?? [];
    out.format = rows.slice(0, headerAt).some(isSummaryLine) ? '123rfid' : 'csv';
    rows.slice(headerAt + 1).forEach((cells, i) => {
      if (isBlank(cells)) return;
      const mapped: Partial<Record<TReadsColumn, string>> = {};
      columns.forEach((column, c) => {
        if (column && cells[c] !== undefined && mapped[column] === undefined) mapped[column] = cells[c];
      });
      take(headerAt + i + 2, mapped);
    });
  }
  if (out.reads.length === 0 && out.failedCount === 0) throw badRequest(READS_FILE_MESSAGES.emptyFile);
  if (out.reads.length === 0) {
    throw badRequest(READS_FILE_MESSAGES.noReads, { failed: out.failures.slice(0, 20) });
  }
  return out;
}

class ImportRaced extends Error {}

export type ImportInput = {
  fileName: string;
  content: Buffer;
  fields: { location_id: number | null; room: string | null; name: string | null };
  maxRows: number;
};

/**
 * Imports a file of reads as a completed audit, in one transaction: the audit, its reads in batches as a reader
 * would send them, and the same reconciliation as every audit. The same file again (by its SHA-256) answers the
 * audit it made, also when two imports of it race.
 */
export async function importReads(
  deps: IngestDeps,
  actor: AuthContext,
  input: ImportInput,
): Promise<{ status: 200 | 201; body: TAuditImportResponse }> {
  const parsed = parseReadsFile(input.content.toString('utf8'), input.maxRows);
  const hash = createHash('sha256').update(input.content).digest('hex');
  const answer = async (auditId: number, isDuplicate: boolean) => ({
    status: isDuplicate ? (200 as const) : (201 as const),
    body: {
      audit: await getAudit(deps.db, actor.companyId, auditId, deps.clock),
      duplicate: isDuplicate,
      format: parsed.format,
      reads: parsed.reads.length,
      failed: parsed.failures,
      failed_count: parsed.failedCount,
    },
  });
  const earlier = await findImportedAudit(deps.db, actor.companyId, hash);
  if (earlier !== undefined) return answer(earlier, true);

  const performer = userPerformer(actor);
  try {
    await ensureReadPartitions(deps.db, deps.reads);
    const made = await createAudit(
      deps,
      {
        companyId: actor.companyId,
        source: { fileName: input.fileName, importHash: hash },
        clientAuditId: randomUUID(),
        name: input.fields.name ?? `Import of ${input.fileName}`,
        place: input.fields,
        auditType: 'File import',
        startedBy: { id: actor.userId, name: performer.name },
      },
      async (tx, { id, plan }) => {
        for (let seq = 0; seq * READS_PER_BATCH_MAX < parsed.reads.length; seq++) {
          const batch = parsed.reads.slice(seq * READS_PER_BATCH_MAX, (seq + 1) * READS_PER_BATCH_MAX);
          await ingestRepo.claimBatch(tx, actor.companyId, id, seq, batch.length);
          await ingestRepo.insertBatch(
            tx,
            actor.companyId,
            id,
            seq,
            batch.map((r) =>
              'code' in r
                ? { code: r.code, quantity: r.quantity, seen_at: null }
                : { epc: r.epc, tid: r.tid, rssi: r.rssi, count: r.count, seen_at: null },
            ),
            deps.tags,
          );
        }
        await reconcileAudit(
          tx,
          deps,
          actor.companyId,
          { id, expectedAsOf: plan.expected?.asOf ?? null, locationId: plan.locationId },
          performer,
        );
      },
    );
    // Nothing inserted: the same file, imported at this moment by another request, holds the hash.
    if (made === undefined) throw new ImportRaced();
    countBatch(deps, 'reader_file', parsed.reads.length);
    return answer(made.id, false);
  } catch (e) {
    // The same file, imported at the same moment by another request: answer the audit that one made.
    if (!(e instanceof ImportRaced) && !isUniqueViolation(e, 'audits_import_hash_unique')) throw e;
    const made = await findImportedAudit(deps.db, actor.companyId, hash);
    if (made === undefined) throw e;
    return answer(made, true);
  }
}
