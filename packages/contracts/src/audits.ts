import { z } from 'zod';
import { pageQuery, ZPagination } from './pagination.ts';
import { multiline } from './text.ts';

/** The API's audit messages (validation and errors), word for word; the screens' own texts live in the web app. */
export const AUDIT_MESSAGES = {
  notFound: 'Audit not found',
  notCompleted: 'Only a completed audit’s counts can be applied',
  alreadyApplied: 'This audit’s counts have already been applied',
  reasonRequired: 'A reason is required',
  rowsNotApplicable:
    'Only shortage and overage rows of this audit can be applied, and misplaced rows of a count of a location',
  countsInDutchie:
    'This audit counted Dutchie packages: adjust their quantities in Dutchie, which the portal only reads',
} as const;

export const AUDIT_STATUSES = ['completed', 'in_progress', 'failed', 'pending'] as const;
export const ZAuditStatus = z.enum(AUDIT_STATUSES);
export type TAuditStatus = z.infer<typeof ZAuditStatus>;

export const DISCREPANCY_TYPES = ['shortage', 'overage', 'misplaced', 'unknown'] as const;
export const ZDiscrepancyType = z.enum(DISCREPANCY_TYPES);
export type TDiscrepancyType = z.infer<typeof ZDiscrepancyType>;

/** An in-progress audit that receives no batch for this long fails (overridable with AUDIT_TIMEOUT_MINUTES). */
export const AUDIT_TIMEOUT_MINUTES_DEFAULT = 120;
export const AUDIT_PAGE_SIZE_DEFAULT = 10;
export const AUDIT_PAGE_SIZE_MAX = 100;
export const COMMENTS_MAX = 2000;
export const APPLY_REASON_MAX = 500;

/**
 * Accuracy = (expected - discrepancies) / expected x 100, rounded; with nothing expected, 100 when there are no
 * discrepancies, else 0. Overages can make discrepancies exceed expected: a percentage below 0 means nothing,
 * so it stops at 0.
 */
export function auditAccuracy(expected: number, discrepancies: number): number {
  if (expected <= 0) return discrepancies === 0 ? 100 : 0;
  // Multiply before dividing: (199 * 100) / 200 is exactly 99.5, where 199 / 200 * 100 is 99.49999...
  return Math.max(0, Math.round(((expected - discrepancies) * 100) / expected));
}

/** Green at 90 or more, yellow at 70 or more, else red. */
export function accuracyColor(accuracy: number): 'green' | 'yellow' | 'red' {
  if (accuracy >= 90) return 'green';
  if (accuracy >= 70) return 'yellow';
  return 'red';
}

/**
 * Where a completed count's review stands: none (no line over the company's count policy), awaiting (lines over it
 * wait for an admin's decision), approved (every such line decided), partly_applied (counts applied while some
 * still wait).
 */
export const REVIEW_STATUSES = ['none', 'awaiting', 'approved', 'partly_applied'] as const;
export const ZReviewStatus = z.enum(REVIEW_STATUSES);
export type TReviewStatus = z.infer<typeof ZReviewStatus>;

export const ZAudit = z.object({
  id: z.number().int(),
  name: z.string(),
  status: ZAuditStatus,
  created_at: z.string(),
  completed_at: z.string().nullable(),
  device_id: z.number().int().nullable(),
  /** The reader's name when the audit ran (kept if the reader is later deleted); null: 'Unknown'. */
  device_name: z.string().nullable(),
  location_id: z.number().int().nullable(),
  /** The location's name; null: 'Not specified' (the whole catalogue). */
  location: z.string().nullable(),
  /** Units found of the products in scope. */
  tags_found: z.number().int(),
  /** Units expected: the quantities of the products in scope. */
  tags_expected: z.number().int(),
  /** Products in scope. */
  expected_count: z.number().int(),
  /** Units off over the shortage and overage rows. */
  discrepancies_count: z.number().int(),
  misplaced_count: z.number().int(),
  unknown_count: z.number().int(),
  /**
   * A Dutchie audit's packages with a Metrc label, counted as packages: in scope, and found (read or scanned at least
   * once). Null for catalogue audits and for audits completed before packages were counted.
   */
  packages_expected: z.number().int().nullable(),
  packages_found: z.number().int().nullable(),
  /** Null until completed. */
  accuracy: z.number().int().nullable(),
  /**
   * Inventory record accuracy: the share (percent, rounded down) of the count's products whose count was exactly
   * right; its products are those with a stock record in its scope (even of 0) and those read there but kept
   * elsewhere (docs/zones.md). Null until completed, and for counts completed before it was kept.
   */
  record_accuracy: z.number().int().nullable(),
  audit_type: z.string().nullable(),
  comments: z.string().nullable(),
  batch_count: z.number().int(),
  reads_count: z.number().int(),
  counts_applied_at: z.string().nullable(),
  counts_applied_by: z.string().nullable(),
  /** The person who counted (the Count screen), started a fixed reader's count or imported the file. */
  started_by: z.string().nullable(),
  /** A fixed reader's count chosen to last a while finishes itself then. */
  ends_at: z.string().nullable(),
  review_status: ZReviewStatus,
  /** A recount: the audit whose lines it counts again. */
  recount_of: z.number().int().nullable(),
  /**
   * A shipment's receipt (a count of what arrived): that shipment. Its lines over the count policy are approved or
   * rejected with a reason for receiving, never recounted. Null for every other count.
   */
  shipment_id: z.number().int().nullable(),
});
export type TAudit = z.infer<typeof ZAudit>;

export const ZAuditListQuery = z.object({
  ...pageQuery(AUDIT_PAGE_SIZE_MAX, AUDIT_PAGE_SIZE_DEFAULT),
  status: z
    .union([ZAuditStatus, z.literal('all'), z.literal('')], {
      error: 'status must be completed, in_progress, failed or pending',
    })
    .optional()
    .transform((v) => (v === 'all' || v === '' ? undefined : v)),
  /** awaiting: only the counts whose lines wait for an admin's review. */
  review: z.enum(['awaiting'], { error: 'review must be awaiting' }).optional(),
});
export type TAuditListQuery = z.input<typeof ZAuditListQuery>;

/** The four cards, over all of the company's audits whatever the filter. */
export const ZAuditSummary = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  /** Mean accuracy of completed audits, rounded; null when none is completed. */
  averageAccuracy: z.number().int().nullable(),
  /** Units off over all completed audits. */
  discrepancies: z.number().int(),
});
export type TAuditSummary = z.infer<typeof ZAuditSummary>;

export const ZAuditListResponse = z.object({
  data: z.array(ZAudit),
  pagination: ZPagination,
  summary: ZAuditSummary,
});
export type TAuditListResponse = z.infer<typeof ZAuditListResponse>;

export const ZDiscrepancy = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  /** Null for unknown tags. */
  product_sku: z.string().nullable(),
  product_name: z.string().nullable(),
  expected_quantity: z.number().int(),
  found_quantity: z.number().int(),
  /** found - expected. */
  variance: z.number().int(),
  discrepancy_type: ZDiscrepancyType,
  rfid_tag: z.string().nullable(),
  /** The tag's EPC; for an unknown barcode scan, the EPC it is when it is one, else ''. */
  epc: z.string(),
  notes: z.string().nullable(),
  /** The barcodes scanned for the row ("0012345678905 ×3, CP100115"); null when only RFID tags were read. */
  codes: z.string().nullable(),
  /** An unknown scan's kind: "UPC-A", "EAN-13", "GS1 DataMatrix", "GS1 Digital Link", "Metrc label", "Text"… */
  code_format: z.string().nullable(),
  /** When an operator applied this row's count to the catalogue. */
  applied_at: z.string().nullable(),
  /** Over the company's count policy when counted: applied only once an admin approves it. */
  needs_approval: z.boolean(),
  /** An admin's decision on the line: approve, reject or recount; null: none yet. */
  decision: z.enum(['approve', 'reject', 'recount']).nullable(),
  reason_code: z.string().nullable(),
  reason_label: z.string().nullable(),
  decision_note: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** The product's unit cost when counted; value = |variance| x unit_cost. */
  unit_cost: z.number(),
  /** The recount that counts this line again. */
  recount_audit_id: z.number().int().nullable(),
  /**
   * A shortage or overage row (issue 48): what the counted places held when the count started; expected is as of
   * when the product was first read, so expected = expected_at_start + what moved before that read. Null for
   * misplaced and unknown rows, and rows counted before movements were kept.
   */
  expected_at_start: z.number().int().nullable(),
  /**
   * The units that moved in the counted places while the count ran (sales negative, receipts positive); the note
   * says what they were ("3 sold during the count", after "; ": movedNote). Null where expected_at_start is.
   */
  moved_during: z.number().int().nullable(),
});
export type TDiscrepancy = z.infer<typeof ZDiscrepancy>;
export const ZDiscrepanciesResponse = z.array(ZDiscrepancy);

/**
 * A discrepancy's note split in two: what was off ("2 fewer than expected") and, for a count during which stock
 * moved, what moved ("3 sold during the count"), which the reconciliation appends after "; ".
 */
export function movedNote(notes: string | null): { note: string | null; moved: string | null } {
  const at = notes?.lastIndexOf('; ') ?? -1;
  if (notes === null || at < 0 || !notes.endsWith(' during the count')) return { note: notes, moved: null };
  return { note: notes.slice(0, at), moved: notes.slice(at + 2) };
}

/** PATCH /api/audits/{id}/comments. Empty clears them. */
export const ZCommentsRequest = z.object({
  comments: multiline(
    z
      .string({ error: 'comments must be text' })
      .trim()
      .max(COMMENTS_MAX, `Comments must be at most ${COMMENTS_MAX} characters`)
      .nullable()
      .transform((v) => (v ? v : null)),
  ),
});
export type TCommentsRequest = z.input<typeof ZCommentsRequest>;

/** POST /api/audits/{id}/apply-counts: sets product quantities to what was found, once per audit. */
export const ZApplyCountsRequest = z.object({
  reason: z
    .string({ error: AUDIT_MESSAGES.reasonRequired })
    .trim()
    .min(1, AUDIT_MESSAGES.reasonRequired)
    .max(APPLY_REASON_MAX, `Reason must be at most ${APPLY_REASON_MAX} characters`),
  /** Shortage and overage rows to apply; absent: all of them. */
  discrepancy_ids: z
    .array(z.number().int().positive().max(2_147_483_647), { error: 'discrepancy_ids must be a list of ids' })
    .min(1, 'Choose at least one row, or leave discrepancy_ids out to apply all')
    .max(100_000)
    .optional(),
});
export type TApplyCountsRequest = z.input<typeof ZApplyCountsRequest>;
export const ZApplyCountsResponse = z.object({
  applied: z.number().int(),
  /** With approval on: the shortage and overage lines not applied (waiting for approval, or rejected). */
  left: z.number().int(),
  audit: ZAudit,
});
export type TApplyCountsResponse = z.infer<typeof ZApplyCountsResponse>;
