import { createHash } from 'node:crypto';
import {
  type MOVEMENT_CSV_COLUMNS,
  MOVEMENT_CSV_MESSAGES,
  MOVEMENT_MESSAGES,
  MOVEMENTS_MAX,
} from '@quantics/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { checkMovements, type Naming } from './movements.service.ts';

// A till's daily export as a CSV of movements (sku, location, delta, reason, at, reference): checked and applied
// like a call of the movements API, all or nothing, each bad line named by its row.

/** `Row 5, sku: no product of this company has it` (row 1 is the header). */
export const CSV_NAMING: Naming = {
  name: (index, field, message) => `Row ${index + 2}${field ? `, ${field}` : ''}: ${message}`,
  placeField: 'location',
};

/**
 * The file's lines as movements (checked by checkMovements), their places named by location path ("Store > Back
 * room", any case; empty: the product's one place). Each line's client_id is the file's SHA-256 and its row unless
 * the file has a client_id column: the same file sent again is not applied again.
 */
/** The company's locations by their lower-cased path ("store > back room"), for a CSV's location column. */
export type LocationPaths = (db: Db, companyId: number) => Promise<ReadonlyMap<string, number>>;

export async function movementsOfCsv(db: Db, companyId: number, file: Buffer, locationPaths: LocationPaths) {
  let records: string[][];
  try {
    records = parse(file, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (e) {
    if (e instanceof CsvError) throw badRequest(MOVEMENT_CSV_MESSAGES.unreadable);
    throw e;
  }
  const [header, ...lines] = records;
  if (!header) throw badRequest(MOVEMENT_CSV_MESSAGES.empty);
  const columns = header.map((h) => h.toLowerCase().replace(/\s+/g, '_'));
  const missing = ['sku', 'delta', 'reason'].filter((c) => !columns.includes(c));
  if (missing.length > 0) throw badRequest(MOVEMENT_CSV_MESSAGES.missingColumns(missing));
  if (lines.length === 0) throw badRequest(MOVEMENT_CSV_MESSAGES.empty);
  if (lines.length > MOVEMENTS_MAX) throw badRequest(MOVEMENT_CSV_MESSAGES.tooMany);
  const at = (line: string[], column: (typeof MOVEMENT_CSV_COLUMNS)[number] | 'client_id') => {
    const i = columns.indexOf(column);
    const v = i < 0 ? '' : (line[i] ?? '');
    return v === '' ? undefined : v;
  };
  const paths = await locationPaths(db, companyId);
  const fileHash = createHash('sha256').update(file).digest('hex').slice(0, 32);
  const raw = lines.map((line, i) => {
    const delta = at(line, 'delta');
    const place = at(line, 'location');
    const locationId =
      place === undefined ? undefined : paths.get(place.toLowerCase().replace(/\s*>\s*/g, ' > '));
    if (place !== undefined && locationId === undefined) {
      throw badRequest(CSV_NAMING.name(i, 'location', MOVEMENT_MESSAGES.locationInvalid));
    }
    return {
      sku: at(line, 'sku'),
      location_id: locationId,
      delta: delta !== undefined && /^[+-]?\d+$/.test(delta) ? Number(delta) : delta,
      reason: at(line, 'reason')?.toLowerCase(),
      at: at(line, 'at'),
      reference: at(line, 'reference'),
      client_id: at(line, 'client_id') ?? `csv:${fileHash}:${i + 2}`,
    };
  });
  return checkMovements({ movements: raw.map(withoutUndefined) }, CSV_NAMING.name);
}

const withoutUndefined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
