import { neutralizeCsvCell, type TImportFailure } from '@quantics/contracts';

/** One CSV cell: formula starts neutralised, quoted when it holds a comma, quote or line break. */
function cell(value: string | number): string {
  // number-format: a CSV keeps its plain form
  const text = neutralizeCsvCell(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The failed rows of an import as a CSV file (row, sku, message), made in the browser. */
export function errorReportCsv(failures: TImportFailure[]): Blob {
  const lines = [['row', 'sku', 'message'], ...failures.map((f) => [f.row, f.sku, f.message])];
  const text = lines.map((l) => l.map(cell).join(',')).join('\r\n');
  return new Blob([`${text}\r\n`], { type: 'text/csv;charset=utf-8' });
}

/** 'stock.csv' gives 'stock-errors.csv'. */
export const errorReportName = (fileName: string) => `${fileName.replace(/\.csv$/i, '')}-errors.csv`;
