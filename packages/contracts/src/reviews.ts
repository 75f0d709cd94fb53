import { z } from 'zod';
import { ZAudit, ZDiscrepancy } from './audits.ts';
import { multiline } from './text.ts';

/**
 * Reviewing a count's variances before they change the books: the company's count policy, its reason codes, an
 * admin's decisions on lines, recounts, and the shrink report over what was applied.
 */
export const REVIEW_MESSAGES = {
  reasonCodeNotFound: 'Reason code not found',
  reasonCodeTaken: 'A reason code with this code already exists',
  reasonCodeInUse: 'This reason code is used by approved lines: retire it instead of deleting it',
  reasonCodeRetired: 'This reason code is retired: choose another',
  reasonRequired: 'Choose a reason code to approve a line',
  fourEyes: 'You counted this audit: another admin must approve its lines over the count policy (four eyes)',
  notReviewable: 'Only a completed audit’s lines can be reviewed',
  linesNotReviewable: 'Only this audit’s shortage and overage lines that are not applied yet can be reviewed',
  alreadyDecided: 'This line was applied already and cannot be decided again',
  nothingToRecount: 'There is no line left to recount in this audit',
  noCountDevice: 'Set up this browser on the Count screen first, or choose a reader (device_id)',
  deviceNotFound: 'Reader not found',
  policyNotPositive: 'Thresholds must be positive numbers, or empty for no threshold',
  receiptReasonCode: 'A receipt’s line is decided with VENDOR_SHORT, DAMAGED or WRONG_ITEM',
  receiptNoRecount: 'A receipt’s line cannot be recounted: approve or reject it',
  receiptNotApplicable:
    'A receipt’s stock is added as it completes and as its lines are approved, not applied',
} as const;

/** Four eyes: the 403's `code` when the counter approves their own line over the policy. */
export const FOUR_EYES_CODE = 'four_eyes';

/** The reason codes every company starts with; admins add their own and retire these. */
export const DEFAULT_REASON_CODES = [
  { code: 'DAMAGED', label: 'Damaged' },
  { code: 'THEFT', label: 'Theft' },
  { code: 'VENDOR_SHORT', label: 'Vendor short' },
  { code: 'MISCOUNT', label: 'Miscount' },
  { code: 'EXPIRED', label: 'Expired' },
  { code: 'FOUND', label: 'Found stock' },
  { code: 'SAMPLE', label: 'Sample or giveaway' },
  { code: 'OTHER', label: 'Other' },
  { code: 'WRONG_ITEM', label: 'Wrong item' },
] as const;

/** The reasons a receipt's line over the count policy is decided with (receiving, issue 51). */
export const RECEIPT_REASON_CODES = ['VENDOR_SHORT', 'DAMAGED', 'WRONG_ITEM'] as const;

export const DECISIONS = ['approve', 'reject', 'recount'] as const;
export const ZDecision = z.enum(DECISIONS, { error: 'decision must be approve, reject or recount' });
export type TDecision = z.infer<typeof ZDecision>;

const MAX_INT = 2_147_483_647;
const id = (what: string) =>
  z
    .number({ error: `${what} must be an id` })
    .int()
    .positive()
    .max(MAX_INT);

// ---- Count policy ----

/** A line off by more than `approval_units` units, or worth more than `approval_value` at cost, needs approval. */
export const ZCountPolicy = z.object({
  approval_units: z
    .number({ error: 'approval_units must be a whole number or null' })
    .int('approval_units must be a whole number or null')
    .min(1, REVIEW_MESSAGES.policyNotPositive)
    .max(1_000_000_000)
    .nullable(),
  approval_value: z
    .number({ error: 'approval_value must be a number or null' })
    .positive(REVIEW_MESSAGES.policyNotPositive)
    .max(9_999_999_999)
    .multipleOf(0.01, 'approval_value has at most two decimals')
    .nullable(),
});
export type TCountPolicy = z.infer<typeof ZCountPolicy>;

/** Whether a company's policy asks for approval at all. */
export const isApprovalOn = (p: TCountPolicy) => p.approval_units !== null || p.approval_value !== null;

// ---- Reason codes ----

export const REASON_CODE_MAX = 32;
export const REASON_LABEL_MAX = 80;
export const DECISION_NOTE_MAX = 500;

export const ZReasonCode = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  retired: z.boolean(),
  /** Lines decided with it: a code in use cannot be deleted, only retired. */
  in_use: z.boolean(),
});
export type TReasonCode = z.infer<typeof ZReasonCode>;
export const ZReasonCodesResponse = z.array(ZReasonCode);

const label = z
  .string({ error: 'label must be text' })
  .trim()
  .min(1, 'A label is required')
  .max(REASON_LABEL_MAX, `Label must be at most ${REASON_LABEL_MAX} characters`);

export const ZCreateReasonCodeRequest = z.object({
  code: z
    .string({ error: 'code must be text' })
    .trim()
    .min(1, 'A code is required')
    .max(REASON_CODE_MAX, `Code must be at most ${REASON_CODE_MAX} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, 'A code is letters, digits, - and _')
    .transform((v) => v.toUpperCase()),
  label,
});
export type TCreateReasonCodeRequest = z.input<typeof ZCreateReasonCodeRequest>;

export const ZUpdateReasonCodeRequest = z
  .object({
    label: label.optional(),
    retired: z.boolean({ error: 'retired must be true or false' }).optional(),
  })
  .refine((v) => v.label !== undefined || v.retired !== undefined, 'Send a label or retired');
export type TUpdateReasonCodeRequest = z.input<typeof ZUpdateReasonCodeRequest>;

// ---- Review ----

export const ZReviewRequest = z.object({
  lines: z
    .array(
      z.object({
        discrepancy_id: id('discrepancy_id'),
        decision: ZDecision,
        reason_code: z
          .string({ error: 'reason_code must be text' })
          .trim()
          .min(1)
          .max(REASON_CODE_MAX)
          .optional(),
        note: multiline(
          z
            .string({ error: 'note must be text' })
            .trim()
            .max(DECISION_NOTE_MAX, `Note must be at most ${DECISION_NOTE_MAX} characters`),
        ).optional(),
      }),
      { error: 'lines must be a list of decisions' },
    )
    .min(1, 'Decide at least one line')
    .max(10_000),
});
export type TReviewRequest = z.input<typeof ZReviewRequest>;

export const ZReviewResponse = z.object({ audit: ZAudit, lines: z.array(ZDiscrepancy) });
export type TReviewResponse = z.infer<typeof ZReviewResponse>;

/** POST /api/audits/{id}/recount: the lines to count again (absent: those sent to recount, else every variance). */
export const ZRecountRequest = z.object({
  discrepancy_ids: z
    .array(id('discrepancy_ids'), { error: 'discrepancy_ids must be a list of ids' })
    .min(1, 'Choose at least one line, or leave discrepancy_ids out')
    .max(10_000)
    .optional(),
  /** The reader (a fixed reader, a handheld, a Count screen) that counts; absent: the caller's own Count screen. */
  device_id: id('device_id').optional(),
});
export type TRecountRequest = z.input<typeof ZRecountRequest>;

/**
 * GET /api/recounts: the company's counts with lines sent to recount, for the Count screen's "Recount requested". A
 * recount already under way (`recount_id`) names the reader it is on; the others wait for someone to start them.
 */
export const ZRecountToDo = z.object({
  audit_id: z.number().int(),
  name: z.string(),
  /** The counted location's name, the Dutchie room, or null for the whole catalogue or store. */
  place: z.string().nullable(),
  lines: z.number().int(),
  recount_id: z.number().int().nullable(),
  recount_device_id: z.number().int().nullable(),
  recount_device: z.string().nullable(),
});
export type TRecountToDo = z.infer<typeof ZRecountToDo>;
export const ZRecountsResponse = z.object({ data: z.array(ZRecountToDo) });
export type TRecountsResponse = z.infer<typeof ZRecountsResponse>;

// ---- Shrink report ----

export const SHRINK_GROUPS = ['reason', 'location', 'category', 'vendor'] as const;
export type TShrinkGroup = (typeof SHRINK_GROUPS)[number];
export const ZShrinkQuery = z.object({
  from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
  group_by: z
    .enum(SHRINK_GROUPS, { error: 'group_by must be reason, location, category or vendor' })
    .default('reason'),
});
export type TShrinkQuery = z.input<typeof ZShrinkQuery>;

export const ZShrinkRow = z.object({
  /** The reason code, location (or room), category or vendor; "None" when a line has none. */
  group: z.string(),
  label: z.string(),
  lines: z.number().int(),
  /** Units lost (shortages, positive) and found (overages, positive); net = found - lost. */
  units_lost: z.number().int(),
  units_found: z.number().int(),
  units_net: z.number().int(),
  /** The same at cost, in the company's currency, rounded to cents. */
  value_lost: z.number(),
  value_found: z.number(),
  value_net: z.number(),
});
export type TShrinkRow = z.infer<typeof ZShrinkRow>;

export const ZShrinkReport = z.object({
  from: z.string(),
  to: z.string(),
  group_by: z.enum(SHRINK_GROUPS),
  rows: z.array(ZShrinkRow),
  totals: ZShrinkRow.omit({ group: true, label: true }),
});
export type TShrinkReport = z.infer<typeof ZShrinkReport>;

// ---- Stock accuracy over time ----

export const ACCURACY_PERIODS = ['week', 'month'] as const;
export type TAccuracyPeriod = (typeof ACCURACY_PERIODS)[number];

/** At most this many days in one accuracy report (about three years). */
export const ACCURACY_MAX_DAYS = 1100;

export const ACCURACY_MESSAGES = {
  fromAfterTo: 'from must be on or before to',
  tooLong: `The period can be at most ${ACCURACY_MAX_DAYS} days`,
} as const;

const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

export const ZAccuracyQuery = z
  .object({
    from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
    to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
    period: z.enum(ACCURACY_PERIODS, { error: 'period must be week or month' }).default('month'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: ACCURACY_MESSAGES.fromAfterTo })
  .refine((q) => !q.from || !q.to || dayCount(q.from, q.to) <= ACCURACY_MAX_DAYS, {
    message: ACCURACY_MESSAGES.tooLong,
  });
export type TAccuracyQuery = z.input<typeof ZAccuracyQuery>;

export const ZAccuracyPoint = z.object({
  /** The location counted; a Dutchie store's room ("All rooms" for a whole-store count). */
  place: z.string(),
  /** The first day of the week (Monday) or month, in the company's time zone (YYYY-MM-DD). */
  period: z.string(),
  /** Completed counts of the place in the period (recounts, which count a few lines again, are left out). */
  audits: z.number().int(),
  /** Their mean accuracy, in percent, to one decimal. */
  accuracy: z.number(),
  /**
   * Their mean inventory record accuracy (the share of products counted exactly right), in percent to one decimal;
   * null when none of them has one (completed before it was kept).
   */
  record_accuracy: z.number().nullable(),
});
export type TAccuracyPoint = z.infer<typeof ZAccuracyPoint>;

export const ZAccuracyReport = z.object({
  from: z.string(),
  to: z.string(),
  period: z.enum(ACCURACY_PERIODS),
  /** Per place and period, by place then period. */
  rows: z.array(ZAccuracyPoint),
  /** Per place over the whole range, by place. */
  places: z.array(ZAccuracyPoint.omit({ period: true })),
});
export type TAccuracyReport = z.infer<typeof ZAccuracyReport>;

// ---- Adjustments sheet ----

/** The sheet's columns, in the CSV and on the printable page. */
export const ADJUSTMENTS_COLUMNS = [
  'Package label',
  'Product',
  'Room',
  'Expected',
  'Counted',
  'Difference',
  'Reason code',
  'Note',
  'Approved by',
] as const;

export const ZAdjustmentLine = z.object({
  package_label: z.string(),
  product: z.string().nullable(),
  room: z.string(),
  expected: z.number().int(),
  counted: z.number().int(),
  difference: z.number().int(),
  reason_code: z.string().nullable(),
  note: z.string().nullable(),
  approved_by: z.string().nullable(),
});
export type TAdjustmentLine = z.infer<typeof ZAdjustmentLine>;

/** GET /api/audits/{id}/adjustments: the count and its approved lines, for the printable sheet. */
export const ZAdjustmentsSheet = z.object({ audit: ZAudit, lines: z.array(ZAdjustmentLine) });
export type TAdjustmentsSheet = z.infer<typeof ZAdjustmentsSheet>;
