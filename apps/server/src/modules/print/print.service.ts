import {
  buildLabel,
  DEFAULT_LABEL_SIZE,
  labelToZpl,
  PRINT_MESSAGES,
  printableFromPackage,
  printJobSentMessage,
  quantityTooHighMessage,
  type TLabelSettings,
  type TLabelSize,
  type TPrintJob,
  type TPrintResponse,
  type TPrintStatus,
  type ZPrintRequest,
} from '@quantics/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { formatCount } from '../../lib/format.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import type { DutchieContext } from '../dutchie/dutchie-context.ts';
import { inventorySnapshot } from '../dutchie/dutchie-snapshot.ts';
import {
  interruptedMessage,
  printedLast,
  SERIAL_LABEL_ALLOWANCE_MS,
  startSerializedJob,
} from './gs1-labels.service.ts';
import * as repo from './print.repo.ts';
import type { PrintRelay } from './print-relay.ts';

export type PrintDeps = {
  db: Db;
  relay: PrintRelay;
  quantityMax: number;
  ackTimeoutMs: number;
  dutchie: DutchieContext;
};

/**
 * What the label is printed from: the catalogue's product with that SKU, or for a point-of-sale company the
 * package with that id in its Dutchie snapshot (the package id is its SKU and EPC source).
 */
async function labelProduct(deps: PrintDeps, auth: AuthContext, sku: string) {
  if (auth.inventoryType !== 'dutchie') return repo.findProductBySku(deps.db, auth.companyId, sku);
  const { value } = await inventorySnapshot(deps.dutchie, auth.companyId);
  const item = value.byPackage.get(sku) ?? value.byPackage.get(sku.toUpperCase());
  if (!item) return undefined;
  const p = printableFromPackage(item);
  return { id: null, name: p.name, sku: p.sku, epc: p.epc, gtin: null, gs1Prefix: null };
}

/** The caller's own utilities that are connected now, and their printers. */
export async function status(db: Db, auth: AuthContext): Promise<TPrintStatus> {
  const agents = await repo.connectedAgents(db, auth.companyId, auth.userId);
  const seen = new Set<string>();
  const printers = agents.flatMap((a) => a.printers).filter((p) => !seen.has(p.name) && seen.add(p.name));
  return {
    connected: agents.length > 0,
    printers,
    agents: agents.map((a) => ({
      name: a.name,
      version: a.version,
      protocol: a.protocol,
      hostname: a.hostname,
      last_seen: a.lastSeenAt?.toISOString() ?? null,
    })),
  };
}

export async function labelSize(db: Db, companyId: number): Promise<TLabelSize> {
  const row = await repo.getLabelSettings(db, companyId);
  if (!row) return DEFAULT_LABEL_SIZE;
  return { widthInches: row.widthInches, heightInches: row.heightInches, dpi: row.dpi as TLabelSize['dpi'] };
}

export async function saveLabelSize(
  db: Db,
  auth: AuthContext,
  size: TLabelSettings,
): Promise<TLabelSettings> {
  await repo.saveLabelSettings(db, auth.companyId, size);
  return size;
}

/**
 * Prints the company's own label for the product whose SKU is productInfo.sku (for a point-of-sale company, the
 * package with that id), never the browser's zpl, through the caller's utility that has the printer, and answers
 * once the utility acknowledges.
 */
export async function print(
  deps: PrintDeps,
  auth: AuthContext,
  body: z.output<typeof ZPrintRequest>,
): Promise<TPrintResponse> {
  const { db } = deps;
  if (body.quantity > deps.quantityMax) throw badRequest(quantityTooHighMessage(deps.quantityMax));
  const [product, agents, size] = await Promise.all([
    labelProduct(deps, auth, body.productInfo.sku),
    repo.connectedAgents(db, auth.companyId, auth.userId),
    labelSize(db, auth.companyId),
  ]);
  if (!product) throw notFound(PRINT_MESSAGES.productUnknown);
  if (!agents.length) throw conflict(PRINT_MESSAGES.serverNotConnected);
  // Newest protocol first, so a serialized job goes to a utility that can report label by label when one has it.
  const withPrinter = agents.filter((a) => a.printers.some((p) => p.name === body.printerName));
  const agent = withPrinter.sort((a, b) => (b.protocol ?? 1) - (a.protocol ?? 1))[0];
  if (!agent) throw badRequest(PRINT_MESSAGES.printerUnknown);

  const job = {
    companyId: auth.companyId,
    userId: auth.userId,
    agentId: agent.id,
    printerName: body.printerName,
    quantity: body.quantity,
  };
  const { gtin, gs1Prefix } = product;
  const { jobId, message } =
    product.id !== null && gtin && gs1Prefix
      ? await startSerializedJob(db, agent, job, { ...product, id: product.id, gtin, gs1Prefix }, size)
      : await startJob(db, job, product, size);
  // A serialized job is printed label by label, each waited for: it gets time for every label.
  const perLabel = message.type === 'print_labels' ? SERIAL_LABEL_ALLOWANCE_MS * body.quantity : 0;
  const outcome = await deps.relay.dispatch(
    { companyId: auth.companyId, agentId: agent.id },
    message,
    deps.ackTimeoutMs + perLabel,
  );
  const row = await repo.findJob(db, auth.companyId, jobId);
  if (!row) throw new Error(`print job ${jobId} vanished`);
  if (row.status !== 'succeeded') {
    const error = row.error ?? outcome.error ?? PRINT_MESSAGES.sendFailed;
    // The utility answered with the printer's error (502), or never answered (504).
    throw new AppError(outcome.failure === 'timeout' ? 504 : 502, interruptedMessage(row, error));
  }
  await recordActivity(db, {
    companyId: auth.companyId,
    performer: userPerformer(auth),
    action: 'print.labels',
    type: 'print',
    message: `${auth.name || auth.email} printed ${formatCount(body.quantity)} label(s) for ${product.name} on ${body.printerName}`,
    metadata: { sku: product.sku, quantity: body.quantity },
  });
  return { success: true, message: printJobSentMessage(body.quantity, product.name), job: toJob(row) };
}

/** A label without serials: one format, which the utility sends `quantity` times (so a failure says how far it got). */
async function startJob(
  db: Db,
  job: Omit<repo.NewJob, 'productId' | 'productName' | 'sku' | 'epc'>,
  product: { id: number | null; name: string; sku: string; epc: string },
  size: TLabelSize,
) {
  const zpl = labelToZpl(buildLabel({ name: product.name, sku: product.sku, epc: product.epc }, 1, size));
  const jobId = await repo.insertJob(db, {
    ...job,
    productId: product.id,
    productName: product.name,
    sku: product.sku,
    epc: product.epc,
  });
  const message = {
    type: 'print' as const,
    jobId,
    printerName: job.printerName,
    zpl,
    quantity: job.quantity,
  };
  return { jobId, message };
}

export async function listJobs(db: Db, companyId: number, page: number, limit: number) {
  const [rows, total] = await Promise.all([
    repo.listJobs(db, companyId, limit, (page - 1) * limit),
    repo.countJobs(db, companyId),
  ]);
  return { rows: rows.map(toJob), total };
}

export function toJob(row: repo.JobRow): TPrintJob {
  return {
    id: row.id,
    product_name: row.productName,
    sku: row.sku,
    epc: row.epc,
    printer_name: row.printerName,
    quantity: row.quantity,
    status: row.status === 'succeeded' || row.status === 'failed' ? row.status : 'sent',
    error: row.error,
    printed_by: row.printedBy,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    serials:
      row.gtin && row.serialFirst !== null && row.serialLast !== null
        ? { gtin: row.gtin, first: row.serialFirst, last: row.serialLast, printed_last: printedLast(row) }
        : null,
  };
}
