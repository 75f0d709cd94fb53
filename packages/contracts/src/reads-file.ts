import { z } from 'zod';
import { ZAudit } from './audits.ts';
import { CODE_MESSAGES, codeProblem, isCodeQuantity } from './code-identity.ts';
import { IMPORT_FAILURES_LISTED_MAX } from './inventory-csv.ts';
import { textProblem } from './text.ts';

/**
 * Files of reads that reader apps export, imported as an audit (POST /api/audits/import):
 * - Zebra 123RFID Mobile's inventory CSV: summary lines (`UNIQUE COUNT:,12`, `TOTAL COUNT:,40`...) above a header
 *   row such as `TAG ID,COUNT,RSSI` or `TAG,COUNT`, extra columns allowed;
 * - any CSV with an EPC or tag column (and a TID, count or RSSI column when present), the header on any of the
 *   first rows;
 * - any CSV with a barcode column (barcode, code, upc, ean or gtin) and an optional qty or quantity column: barcode
 *   scans, each counted like a scan from a handheld (contracts' identifyCode), beside or instead of an EPC column;
 * - plain text with one EPC or one barcode a line.
 * Each EPC line is a tag that was read: units are counted as for a handheld (distinct TIDs of an EPC, at least one).
 */
export const READS_FILE_FORMATS = ['123rfid', 'csv', 'text'] as const;
export type TReadsFileFormat = (typeof READS_FILE_FORMATS)[number];

/** Rows read before giving up on finding a header (123RFID puts a handful of summary lines first). */
export const READS_HEADER_SEARCH_ROWS = 20;

export const READS_FILE_MESSAGES = {
  noFile: 'Choose a file of reads to import (form field "file")',
  notReadsFile: 'Choose a CSV or text file of reads (.csv or .txt)',
  emptyFile: 'The file has no reads',
  noReads: 'No line of the file is a read. Each line needs an EPC of 24 hex digits or a barcode.',
  noEpcOrCode: 'The line has neither an EPC nor a barcode',
  quantityInvalid: 'Quantity must be a whole number from 1 to 100000',
  epcInvalid: 'EPC must be 24 hex digits',
  tidInvalid: 'TID must be 8 to 64 hex digits',
  countInvalid: 'Count must be a whole number of 1 or more',
  rssiInvalid: 'RSSI must be a number of dBm from -128 to 20',
  tooManyRows: (rows: number) =>
    `The file has more than ${rows.toLocaleString('en-US')} lines. Split it into smaller files.`,
  imported: (reads: number) => `Imported ${reads} ${reads === 1 ? 'read' : 'reads'}`,
  duplicate: 'This file was imported before: here is the audit it made.',
} as const;

export type TReadsColumn = 'epc' | 'tid' | 'count' | 'rssi' | 'code' | 'quantity';

const normalize = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_\-()]+/g, '');

const HEADERS: Record<string, TReadsColumn> = {
  epc: 'epc',
  epchex: 'epc',
  epcid: 'epc',
  epcdata: 'epc',
  tag: 'epc',
  tagid: 'epc',
  tagepc: 'epc',
  tid: 'tid',
  tidhex: 'tid',
  tagtid: 'tid',
  count: 'count',
  readcount: 'count',
  reads: 'count',
  seencount: 'count',
  tagcount: 'count',
  rssi: 'rssi',
  peakrssi: 'rssi',
  rssidbm: 'rssi',
  barcode: 'code',
  code: 'code',
  upc: 'code',
  ean: 'code',
  gtin: 'code',
  qty: 'quantity',
  quantity: 'quantity',
};

/** The columns a header row names (undefined: ignored), or null when it names no EPC or barcode column. */
export function readsHeader(cells: string[]): (TReadsColumn | undefined)[] | null {
  const columns = cells.map((c) => HEADERS[normalize(c)]);
  return columns.includes('epc') || columns.includes('code') ? columns : null;
}

/** A 123RFID export starts with its summary lines ("UNIQUE COUNT:,12") and names its EPC column "TAG ID" or "TAG". */
export const isSummaryLine = (cells: string[]) => /^[A-Z][A-Z ]*:$/.test((cells[0] ?? '').trim());

export type TFileRead =
  | { epc: string; tid: string | null; count: number; rssi: number | null }
  | { code: string; quantity: number | null };
export type TFileReadResult = { ok: true; read: TFileRead } | { ok: false; value: string; message: string };

/** 3034-257b F4 ... and 0x3034...: spaces, dashes and a 0x prefix are how people and apps write hex. */
const hex = (cell: string) =>
  cell
    .trim()
    .replace(/^0x/i, '')
    .replace(/[\s-]+/g, '')
    .toUpperCase();

/**
 * One line of a file as a read, or why it is not one: a tag read when it has an EPC, else a barcode scan. With
 * `isOneALine` (a plain text file), a line that is not an EPC is a barcode.
 */
export function fileRead(cells: Partial<Record<TReadsColumn, string>>, isOneALine = false): TFileReadResult {
  const raw = (cells.epc ?? '').trim();
  const codeCell = (cells.code ?? '').trim();
  const fail = (message: string): TFileReadResult => ({
    ok: false,
    value: (raw || codeCell).slice(0, 100),
    message,
  });
  for (const [column, value] of Object.entries(cells)) {
    // A barcode's GS1 fields are separated by GS: allowed in the code column, and in a line that may be a code.
    const problem = textProblem(value ?? '', false, column === 'code' || isOneALine);
    if (problem) return fail(`${column} ${problem}`);
  }
  if (isOneALine && !/^[0-9A-F]{24}$/.test(hex(raw))) return codeRead(raw, '');
  if (!raw && 'code' in cells)
    return codeCell ? codeRead(codeCell, cells.quantity ?? '') : fail(READS_FILE_MESSAGES.noEpcOrCode);
  const epc = hex(raw);
  if (!/^[0-9A-F]{24}$/.test(epc)) return fail(READS_FILE_MESSAGES.epcInvalid);
  const tidCell = hex(cells.tid ?? '');
  if (tidCell && !/^[0-9A-F]{8,64}$/.test(tidCell)) return fail(READS_FILE_MESSAGES.tidInvalid);
  const countCell = (cells.count ?? '').trim();
  const count = countCell ? Number(countCell) : 1;
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000)
    return fail(READS_FILE_MESSAGES.countInvalid);
  const rssiCell = (cells.rssi ?? '').trim();
  const rssi = rssiCell ? Number(rssiCell) : null;
  if (rssi !== null && (!Number.isFinite(rssi) || rssi < -128 || rssi > 20)) {
    return fail(READS_FILE_MESSAGES.rssiInvalid);
  }
  return { ok: true, read: { epc, tid: tidCell || null, count, rssi } };
}

function codeRead(code: string, quantityCell: string): TFileReadResult {
  if (codeProblem(code)) return { ok: false, value: code.slice(0, 100), message: CODE_MESSAGES.codeRequired };
  const cell = quantityCell.trim();
  const quantity = cell ? Number(cell) : null;
  if (quantity !== null && !isCodeQuantity(quantity)) {
    return { ok: false, value: code.slice(0, 100), message: READS_FILE_MESSAGES.quantityInvalid };
  }
  return { ok: true, read: { code, quantity } };
}

/** The form fields beside the file (multipart text): where the count was, and its name. */
export const ZAuditImportFields = z.object({
  location_id: z.coerce
    .number({ error: 'location_id must be a location id' })
    .int('location_id must be a location id')
    .positive('location_id must be a location id')
    .max(2_147_483_647, 'location_id must be a location id')
    .nullish()
    .transform((v) => v ?? null),
  room: z
    .string()
    .trim()
    .max(100, 'room must be at most 100 characters')
    .nullish()
    .transform((v) => v || null),
  name: z
    .string()
    .trim()
    .max(200, 'name must be at most 200 characters')
    .nullish()
    .transform((v) => v || null),
});
export type TAuditImportFields = z.input<typeof ZAuditImportFields>;

export const ZReadsFileFailure = z.object({ row: z.number().int(), value: z.string(), message: z.string() });
export type TReadsFileFailure = z.infer<typeof ZReadsFileFailure>;

/** 201 with the reconciled audit, or 200 with the audit an earlier import of the same file made. */
export const ZAuditImportResponse = z.object({
  audit: ZAudit,
  duplicate: z.boolean(),
  format: z.enum(READS_FILE_FORMATS),
  /** Lines imported as reads. */
  reads: z.number().int(),
  /** Bad lines, the first IMPORT_FAILURES_LISTED_MAX of them. */
  failed: z.array(ZReadsFileFailure).max(IMPORT_FAILURES_LISTED_MAX),
  failed_count: z.number().int(),
});
export type TAuditImportResponse = z.infer<typeof ZAuditImportResponse>;
