import { type TDecision, ZReviewRequest } from '@quantics/contracts';
import { z } from 'zod';
import type { ServerFields } from '@/lib/server-field-error';

/** One line's decision as POST /api/audits/{id}/review takes it (the contracts' ZReviewRequest line). */
export const ZReviewLine = ZReviewRequest.shape.lines.element;

/** A line's form: its reason code and note, checked by the contract's own fields ('' is none). */
export const ZLineForm = ZReviewLine.pick({ reason_code: true, note: true });
export type TLineForm = z.input<typeof ZLineForm>;

/** The bulk approval: lines worth less than `below`, with one reason code (the contract's). */
export const ZBulkForm = z.object({
  below: z.string(),
  reason_code: ZReviewLine.shape.reason_code,
});
export type TBulkForm = z.input<typeof ZBulkForm>;

/** An empty box or "Choose a reason" is no value, which the request leaves out. */
export const noneIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Where the server's refusal of a line goes (its field names the line by its place in the request). */
export const LINE_FIELDS: ServerFields<TLineForm> = {
  'lines.*.reason_code': 'reason_code',
  'lines.*.note': 'note',
};
export const BULK_FIELDS: ServerFields<TBulkForm> = { 'lines.*.reason_code': 'reason_code' };

/** A receipt's lines are approved or rejected, never recounted (the server refuses it). */
export const decisionsFor = (isReceipt: boolean): TDecision[] =>
  isReceipt ? ['approve', 'reject'] : ['approve', 'reject', 'recount'];
