import {
  PRINT_MESSAGES,
  PRINT_PROTOCOL_PER_LABEL,
  PRODUCT_SERIAL_JOBS_SHOWN,
  serializedLabelsZpl,
  sgtin96,
  type TGs1Prefixes,
  type TLabelSize,
  type TProductSerials,
  type TServerPrintLabels,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import * as repo from './gs1-labels.repo.ts';
import type { JobRow, NewJob } from './print.repo.ts';

/**
 * Serialized GS1 labels: a product whose GTIN falls under one of the company's GS1 company prefixes prints SGTIN-96
 * labels, each with the next serial of its GTIN, allocated in the database for the whole job at once.
 */

export async function prefixes(db: Db, companyId: number): Promise<TGs1Prefixes> {
  return { prefixes: await repo.listPrefixes(db, companyId) };
}

/** Replaces the list (checked by the contract: 6 to 12 digits each, no duplicates, none inside another). */
export async function savePrefixes(db: Db, auth: AuthContext, list: string[]): Promise<TGs1Prefixes> {
  await repo.replacePrefixes(db, auth.companyId, list);
  return prefixes(db, auth.companyId);
}

/**
 * How much longer a serialized job may take per label before the request stops waiting: a Zebra encodes and
 * prints an RFID label in about a second, and the utility waits for each one to come out.
 */
export const SERIAL_LABEL_ALLOWANCE_MS = 5000;

type SerialProduct = { id: number; name: string; sku: string; epc: string; gtin: string; gs1Prefix: string };

/**
 * Allocates the job's serials and records it, then builds its labels, one ZPL format per serial. A utility that
 * speaks only protocol 1 cannot report label by label, so it is refused before any serial is taken: it could not
 * say which serials went out if the printer stopped part-way.
 */
export async function startSerializedJob(
  db: Db,
  agent: { id: number; protocol: number | null },
  job: Omit<NewJob, 'productId' | 'productName' | 'sku' | 'epc'>,
  product: SerialProduct,
  size: TLabelSize,
): Promise<{ jobId: number; message: TServerPrintLabels }> {
  if ((agent.protocol ?? 1) < PRINT_PROTOCOL_PER_LABEL)
    throw conflict(PRINT_MESSAGES.serialsNeedNewerUtility);
  const gs1 = { gtin: product.gtin, prefixLength: product.gs1Prefix.length };
  const allocated = await repo.insertSerializedJob(
    db,
    { ...job, productId: product.id, productName: product.name, sku: product.sku, epc: '', gtin: gs1.gtin },
    (first) => sgtin96(gs1.gtin, first, gs1.prefixLength),
  );
  if (!allocated) throw conflict(PRINT_MESSAGES.serialsExhausted(gs1.gtin));
  const labels = serializedLabelsZpl(product, gs1, allocated.first, job.quantity, size);
  return {
    jobId: allocated.id,
    message: { type: 'print_labels', jobId: allocated.id, printerName: job.printerName, labels },
  };
}

/** The last serial a job's printer took, or null when none (or the job is not serialized). */
export function printedLast(job: Pick<JobRow, 'serialFirst' | 'serialLast' | 'printed'>): number | null {
  if (job.serialFirst === null || job.serialLast === null || !job.printed) return null;
  return Math.min(job.serialLast, job.serialFirst + job.printed - 1);
}

/** What a serialized job that did not succeed tells the person: the printer's error and which serials went out. */
export function interruptedMessage(job: JobRow, error: string): string {
  if (job.serialFirst === null || job.serialLast === null) return error;
  return PRINT_MESSAGES.serialsInterrupted(
    error.replace(/\.$/, ''),
    job.serialFirst,
    job.serialLast,
    printedLast(job),
  );
}

/** A product's serialized labels: whether it prints them, the next serial, and its latest serialized jobs. */
export async function productSerials(
  db: Db,
  companyId: number,
  productId: number,
  toJob: (row: JobRow) => TProductSerials['jobs'][number],
): Promise<TProductSerials> {
  const [state, jobs] = await Promise.all([
    repo.productSerialState(db, companyId, productId),
    repo.productSerialJobs(db, companyId, productId, PRODUCT_SERIAL_JOBS_SHOWN),
  ]);
  if (!state) throw notFound(PRINT_MESSAGES.productUnknown);
  const last = state.lastSerial === null ? 0 : Number(state.lastSerial);
  return {
    gtin: state.gtin,
    prefix: state.prefix,
    next_serial: state.prefix ? last + 1 : null,
    labels_printed: state.labelsPrinted,
    jobs: jobs.map(toJob),
  };
}
