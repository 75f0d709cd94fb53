import { neutralizeCsvCell } from '@quantics/contracts';
import { stringify } from 'csv-stringify/sync';

/** CSV text of rows, every cell neutralised so a spreadsheet never runs it as a formula (exports and reports). */
export const toCsv = (rows: unknown[][]): string =>
  stringify(rows.map((r) => r.map((cell) => neutralizeCsvCell(cell == null ? '' : String(cell)))));
