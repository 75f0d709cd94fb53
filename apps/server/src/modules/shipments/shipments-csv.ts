import {
  createShipmentProblem,
  SHIPMENT_CSV_MESSAGES,
  SHIPMENT_LINES_MAX,
  shipmentCsvError,
  type TCreateShipmentRequest,
  type TShipmentLineInput,
} from '@quantics/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { Caller } from '../../lib/request-context.ts';
import { listLocations } from '../locations/locations.service.ts';
import { createShipments } from './shipments.service.ts';

// Advance ship notices as CSV (an ERP's or a supplier's export): one line per carton line, columns reference,
// supplier, destination, sscc, sku or gtin, quantity. The lines of one reference make one shipment (its cartons by
// SSCC; an empty sscc is a loose line); the file is made all or none, each bad line named by its row.

type Draft = { body: TCreateShipmentRequest; rows: Map<string, number> };

export async function importShipments(db: Db, caller: Caller, file: Buffer) {
  let records: string[][];
  try {
    records = parse(file, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (e) {
    if (e instanceof CsvError) throw badRequest(SHIPMENT_CSV_MESSAGES.unreadable);
    throw e;
  }
  const [header, ...lines] = records;
  if (!header) throw badRequest(SHIPMENT_CSV_MESSAGES.empty);
  const columns = header.map((h) => h.toLowerCase().replace(/\s+/g, '_'));
  const missing = ['reference', 'destination', 'quantity'].filter((c) => !columns.includes(c));
  if (!columns.includes('sku') && !columns.includes('gtin')) missing.push('sku or gtin');
  if (missing.length > 0) throw badRequest(SHIPMENT_CSV_MESSAGES.missingColumns(missing));
  if (lines.length === 0) throw badRequest(SHIPMENT_CSV_MESSAGES.empty);
  if (lines.length > SHIPMENT_LINES_MAX) throw badRequest(SHIPMENT_CSV_MESSAGES.tooMany);
  const cell = (line: string[], column: string) => {
    const i = columns.indexOf(column);
    return i < 0 ? '' : (line[i] ?? '');
  };
  const paths = new Map((await listLocations(db, caller.companyId)).map((l) => [l.path.toLowerCase(), l.id]));
  const drafts = new Map<string, Draft>();
  lines.forEach((line, i) => {
    const row = i + 2;
    const reference = cell(line, 'reference');
    const supplier = cell(line, 'supplier') || null;
    const place = cell(line, 'destination')
      .toLowerCase()
      .replace(/\s*>\s*/g, ' > ');
    const destination = paths.get(place);
    if (destination === undefined) {
      throw badRequest(shipmentCsvError(row, 'destination', SHIPMENT_CSV_MESSAGES.destination));
    }
    let draft = drafts.get(reference);
    if (!draft) {
      draft = {
        body: { reference, supplier, destination_location_id: destination, lines: [], cartons: [] },
        rows: new Map(),
      };
      drafts.set(reference, draft);
    } else if (draft.body.supplier !== supplier) {
      throw badRequest(shipmentCsvError(row, 'supplier', SHIPMENT_CSV_MESSAGES.supplierDiffers));
    } else if (draft.body.destination_location_id !== destination) {
      throw badRequest(shipmentCsvError(row, 'destination', SHIPMENT_CSV_MESSAGES.destinationDiffers));
    }
    const sku = cell(line, 'sku');
    const gtin = cell(line, 'gtin');
    const quantity = cell(line, 'quantity');
    const item: TShipmentLineInput = {
      ...(sku ? { sku } : {}),
      ...(gtin ? { gtin } : {}),
      quantity: /^\d+$/.test(quantity) ? Number(quantity) : Number.NaN,
    };
    const sscc = cell(line, 'sscc');
    const { body } = draft;
    if (sscc) {
      let carton = body.cartons?.find((c) => c.sscc === sscc);
      if (!carton) {
        carton = { sscc, lines: [] };
        body.cartons?.push(carton);
      }
      draft.rows.set(`cartons[${body.cartons?.indexOf(carton)}].lines[${carton.lines.length}]`, row);
      carton.lines.push(item);
    } else {
      draft.rows.set(`lines[${body.lines?.length}]`, row);
      body.lines?.push(item);
    }
    draft.rows.set(`row:${row}`, row);
  });
  // Each shipment checked by the API's rules, its problem named by its row (its first row for its own fields).
  for (const draft of drafts.values()) {
    const problem = createShipmentProblem(draft.body as Parameters<typeof createShipmentProblem>[0]);
    if (problem) throw badRequest(rowProblem(draft, problem));
  }
  const list = [...drafts.values()];
  const ids = await createShipments(
    db,
    caller,
    list.map((draft) => ({
      body: draft.body,
      name: (row, field, message) => shipmentCsvError(Number(row), field, message),
      lineAt: (at) => String(draft.rows.get(at) ?? ''),
    })),
  );
  const made = list.map((draft, i) => ({ id: ids[i] as number, reference: draft.body.reference }));
  return { created: made.length, lines: lines.length, shipments: made };
}

/** `cartons[0].lines[2].gtin: GTIN check digit is wrong` as `Row 7, gtin: GTIN check digit is wrong`. */
function rowProblem(draft: Draft, problem: string): string {
  const m = /^((?:cartons\[\d+\]\.)?lines\[\d+\]|cartons\[\d+\])(?:\.(\w+))?: (.*)$/.exec(problem);
  const first = draft.rows.values().next().value ?? 2;
  if (!m) {
    const field = /^(\w+): (.*)$/.exec(problem);
    return field
      ? shipmentCsvError(first, field[1] ?? '', field[2] ?? '')
      : shipmentCsvError(first, '', problem);
  }
  const path = m[1] ?? '';
  const row = draft.rows.get(path) ?? draft.rows.get(`${path}.lines[0]`) ?? first;
  return shipmentCsvError(row, m[2] ?? (path.startsWith('cartons') ? 'sscc' : ''), m[3] ?? '');
}
