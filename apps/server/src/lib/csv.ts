import type { Readable } from 'node:stream';
import { neutralizeCsvCell } from '@quantics/contracts';
import type { FastifyReply } from 'fastify';

/** A cell that must be quoted: it holds a quote, the delimiter or a line break (csv-stringify's rule, RFC 4180). */
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: neutralised so a spreadsheet never runs it as a formula, quoted (its quotes doubled) when it must be. */
const csvCell = (cell: unknown): string => {
  const text = neutralizeCsvCell(cell == null ? '' : String(cell));
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * CSV text of rows (exports and reports), each line ending in \n: what csv-stringify's defaults wrote, written here
 * with a regular expression per cell. csv-stringify's general path (casting, options per field, separators checked
 * as arrays) allocated about 10 kB per 17-cell row, which made a report of 1,000,000 lines promote pages into the
 * old generation in proportion to its size (docs/benchmarks.md, "Inventory report memory").
 */
export const toCsv = (rows: unknown[][]): string => rows.map((r) => `${r.map(csvCell).join(',')}\n`).join('');

/**
 * Answers a CSV file to download: UTF-8 text under the name a browser saves it as, its body text or a stream (a
 * report read page by page while it is sent).
 */
export const sendCsv = (reply: FastifyReply, filename: string, body: string | Readable) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(body);
