import { z } from 'zod';
import { normalizeGtin } from './gtin.ts';
import {
  hasCents,
  INVENTORY_MESSAGES,
  isIsoDate,
  isValidSku,
  MONEY_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_TEXT_MAX,
  QUANTITY_MAX,
  STOCK_PLACES_MAX,
} from './inventory.ts';
import { LOCATION_NAME_MAX } from './locations.ts';
import { textProblem, textProblemMessage } from './text.ts';

/** The template's columns, in order; exports use the same ones so a file can go out and come back. */
export const CSV_COLUMNS = [
  'name',
  'sku',
  'description',
  'category',
  'vendor',
  'unit_cost',
  'retail_price',
  'quantity',
  'min_stock_level',
  'location',
  'expiration_date',
  'gtin',
  'epc',
] as const;
export type TCsvColumn = (typeof CSV_COLUMNS)[number];

export const CSV_TEMPLATE_EXAMPLE: Record<TCsvColumn, string> = {
  name: 'Blue Dream 3.5g',
  sku: 'BD35',
  description: 'Indoor flower, 3.5 gram jar',
  category: 'Flower',
  vendor: 'Green Valley Farms',
  unit_cost: '12.50',
  retail_price: '35.00',
  quantity: '24',
  min_stock_level: '5',
  location: 'Main Store > Backroom',
  expiration_date: '2027-06-30',
  gtin: '',
  epc: '',
};

export const CSV_TEMPLATE_FILENAME = 'product-template.csv';

export const CSV_MESSAGES = {
  oneFileAtATime: 'Upload one CSV file at a time',
  missingColumn: (column: string) => `The file has no ${column} column. The first row must name the columns.`,
  /** The same SKU twice in a file without a location column (so both rows are about its home). */
  duplicateSku: (sku: string, firstRow: number) =>
    `SKU ${sku} appears more than once in this file (first on row ${firstRow})`,
  /** The same SKU twice at one place: its quantity there would be two numbers. */
  duplicatePlace: (sku: string, location: string | null, firstRow: number) =>
    `SKU ${sku} appears more than once ${location ? `at ${location}` : 'with no location'} in this file (first on row ${firstRow}): give each place one row`,
  /** A later row of a SKU whose product columns differ from its first row's (`columns` in the template's order). */
  contradicts: (sku: string, columns: string[], firstRow: number) =>
    `The ${joinWords(columns)} of SKU ${sku} ${columns.length > 1 ? 'differ' : 'differs'} from its first row (row ${firstRow}): a SKU on several rows takes everything but quantity and location from its first row`,
  totalTooLarge: (sku: string) =>
    `SKU ${sku} would hold more than ${QUANTITY_MAX.toLocaleString('en-US')} units in all its places`,
  tooManyPlaces: (sku: string) => `SKU ${sku} would be kept in more than ${STOCK_PLACES_MAX} places`,
  emptyFile: 'The file is empty. The first row must name the columns.',
  notCsv: INVENTORY_MESSAGES.selectCsv,
  noFile: 'Choose a CSV file to upload (form field "file")',
  tooLarge: (mb: number) => `The file is larger than ${mb} MB. Split it into smaller files.`,
  tooManyRows: (rows: number) =>
    `The file has more than ${rows.toLocaleString('en-US')} rows. Split it into smaller files.`,
  badCsv: (detail: string) => `The file is not valid CSV: ${detail}`,
  ambiguousLocation: (name: string) =>
    `Several locations are named ${name}; write its full path, e.g. "Main Store > ${name}"`,
} as const;

/** 'a', 'a and b', 'a, b and c'. */
const joinWords = (words: string[]): string =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/**
 * The columns that describe the product rather than one place of its stock: a SKU on several rows (one per place)
 * takes them from its first row, and a later row that gives another value for one of them is a row error.
 */
export const CSV_PRODUCT_COLUMNS = CSV_COLUMNS.filter(
  (c): c is Exclude<TCsvColumn, 'quantity' | 'location'> => c !== 'quantity' && c !== 'location',
);

/** 'Unit Cost', 'unit-cost' and 'UNIT_COST' all name unit_cost. */
export const normalizeHeader = (header: string): string =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

const HEADER_ALIASES: Record<string, TCsvColumn> = Object.fromEntries(
  CSV_COLUMNS.map((c) => [normalizeHeader(c), c]),
);
// A few names spreadsheets commonly use for the same columns.
Object.assign(HEADER_ALIASES, {
  productname: 'name',
  cost: 'unit_cost',
  price: 'retail_price',
  retail: 'retail_price',
  qty: 'quantity',
  minstock: 'min_stock_level',
  minstocklevel: 'min_stock_level',
  expiration: 'expiration_date',
  expirydate: 'expiration_date',
  ean: 'gtin',
  upc: 'gtin',
  barcode: 'gtin',
  rfidepc: 'epc',
});

/** Which of our columns each header names (undefined: a column we ignore). */
export const mapHeaders = (headers: string[]): (TCsvColumn | undefined)[] =>
  headers.map((h) => HEADER_ALIASES[normalizeHeader(h)]);

/** A row that passed the per-row rules; null means the cell was empty. */
export type TCsvProduct = {
  name: string;
  sku: string;
  description: string | null;
  category: string | null;
  vendor: string | null;
  unit_cost: number | null;
  retail_price: number | null;
  quantity: number | null;
  min_stock_level: number | null;
  location: string | null;
  expiration_date: string | null;
  /** GTIN-14. */
  gtin: string | null;
  /** A tag the item already carries (24 hex digits, upper case); null: the tag made from the SKU. */
  epc: string | null;
};

export type TCsvRowResult = { ok: true; value: TCsvProduct } | { ok: false; sku: string; message: string };

/** '$1,234.50' and '1234.5' are both 1234.5; anything else is not a number. */
function parseMoney(cell: string): number | undefined {
  const cleaned = cell.replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return undefined;
  const n = Number(cleaned);
  return n <= MONEY_MAX && hasCents(n) ? n : undefined;
}

function parseCount(cell: string): number | undefined {
  const cleaned = cell.replace(/,/g, '');
  if (!/^\d+(\.0+)?$/.test(cleaned)) return undefined;
  const n = Number(cleaned);
  return n <= QUANTITY_MAX ? n : undefined;
}

/** YYYY-MM-DD, or M/D/YYYY as US spreadsheets save it. */
export function parseCsvDate(cell: string): string | undefined {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
  const iso = us ? `${us[3]}-${us[1]?.padStart(2, '0')}-${us[2]?.padStart(2, '0')}` : cell;
  return isIsoDate(iso) ? iso : undefined;
}

/**
 * Checks one data row (cells already keyed by our column names) against the product rules. The rules that need
 * the database (SKU already used by another row, a past expiration date on a changed product, location names)
 * are applied later, for the whole file at once.
 */
export function parseCsvRow(cells: Partial<Record<TCsvColumn, string>>): TCsvRowResult {
  const cell = (c: TCsvColumn) => (cells[c] ?? '').trim();
  const sku = cell('sku').toUpperCase();
  const fail = (message: string): TCsvRowResult => ({ ok: false, sku, message });
  // The API's text rule, cell by cell: a NUL or a control character makes the row bad, not the import.
  for (const [column, value] of Object.entries(cells) as [TCsvColumn, string][]) {
    const problem = textProblem(value.trim(), column === 'description');
    if (problem) return fail(textProblemMessage(column, problem));
  }
  const name = cell('name');
  if (!name || !sku) return fail(INVENTORY_MESSAGES.nameAndSkuRequired);
  if (name.length > PRODUCT_NAME_MAX) return fail(`Name must be at most ${PRODUCT_NAME_MAX} characters`);
  if (!isValidSku(sku)) return fail(INVENTORY_MESSAGES.skuInvalid);

  const texts: [TCsvColumn, string, number][] = [
    ['description', 'Description', PRODUCT_DESCRIPTION_MAX],
    ['category', 'Category', PRODUCT_TEXT_MAX],
    ['vendor', 'Vendor', PRODUCT_TEXT_MAX],
    ['location', 'Location', LOCATION_NAME_MAX * 5],
  ];
  for (const [column, label, max] of texts) {
    if (cell(column).length > max) return fail(`${label} must be at most ${max} characters`);
  }

  const numbers: [TCsvColumn, (c: string) => number | undefined, string][] = [
    ['unit_cost', parseMoney, INVENTORY_MESSAGES.unitCostInvalid],
    ['retail_price', parseMoney, INVENTORY_MESSAGES.retailPriceInvalid],
    ['quantity', parseCount, INVENTORY_MESSAGES.quantityInvalid],
    ['min_stock_level', parseCount, INVENTORY_MESSAGES.minStockInvalid],
  ];
  const parsed: Partial<Record<TCsvColumn, number | null>> = {};
  for (const [column, parse, message] of numbers) {
    const raw = cell(column);
    if (!raw) {
      parsed[column] = null;
      continue;
    }
    const n = parse(raw);
    if (n === undefined) return fail(message);
    parsed[column] = n;
  }

  const rawDate = cell('expiration_date');
  const date = rawDate ? parseCsvDate(rawDate) : null;
  if (date === undefined) return fail(INVENTORY_MESSAGES.expirationInvalid);

  const rawGtin = cell('gtin');
  const gtin = rawGtin ? normalizeGtin(rawGtin) : null;
  if (gtin && !gtin.ok) return fail(gtin.message);
  const epc = cell('epc').toUpperCase() || null;
  if (epc && !/^[0-9A-F]{24}$/.test(epc)) return fail(INVENTORY_MESSAGES.epcInvalid);

  return {
    ok: true,
    value: {
      name,
      sku,
      description: cell('description') || null,
      category: cell('category') || null,
      vendor: cell('vendor') || null,
      unit_cost: parsed.unit_cost ?? null,
      retail_price: parsed.retail_price ?? null,
      quantity: parsed.quantity ?? null,
      min_stock_level: parsed.min_stock_level ?? null,
      location: cell('location') || null,
      expiration_date: date,
      gtin: gtin?.ok ? gtin.gtin : null,
      epc,
    },
  };
}

/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) is written with
 * a leading apostrophe, so an exported file cannot execute anything when opened. Plain numbers (a variance of -2)
 * are numbers, not formulas, and stay as they are.
 */
export const neutralizeCsvCell = (value: string): string =>
  /^[=+\-@\t\r]/.test(value) && !/^[-+]?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;

export const ZImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'], { error: 'dryRun must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const ZImportFailure = z.object({
  /** The row number as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  sku: z.string(),
  message: z.string(),
});
export type TImportFailure = z.infer<typeof ZImportFailure>;

/** At most this many failed rows are listed; the summary still counts them all. */
export const IMPORT_FAILURES_LISTED_MAX = 1000;

/**
 * What an import did. A file has one row per SKU and place, so `successful` and `failed` count rows (lines of the
 * file, blank ones aside: every row is one or the other), while `created` and `updated` count products: a SKU on
 * three good rows is three successful rows and one product created or updated.
 */
export const ZImportResult = z.object({
  summary: z.object({
    /** Rows that landed: each set its SKU's quantity at its place. */
    successful: z.number().int(),
    /** Rows that did not, each listed in `details.failed` (up to IMPORT_FAILURES_LISTED_MAX). */
    failed: z.number().int(),
    /** Products the file added. */
    created: z.number().int(),
    /** Products already in the catalogue that the file updated. */
    updated: z.number().int(),
  }),
  details: z.object({
    failed: z.array(ZImportFailure),
    /** True when more rows failed than are listed. */
    truncated: z.boolean(),
  }),
  /** Locations the file named that did not exist and were created (their paths). */
  locations_created: z.array(z.string()),
  dry_run: z.boolean(),
});
export type TImportResult = z.infer<typeof ZImportResult>;
