import { z } from 'zod';
import { ZAuditStatus } from './audits.ts';
import { ZMovedDuring } from './count.ts';

/**
 * Team counts (issue 49): several readers (handhelds, Count screens, fixed readers) counting one audit together, and
 * at most one open count per reader. Added to reader protocol version 1 without breaking older readers: a reader
 * that never joins sees no change, and its batches keep their numbers.
 */

/**
 * A participant's own batch n is stored as seat × TEAM_SEAT_BATCHES + n (seat 0, the reader that started the count:
 * n itself). So a reader numbers its batches from 0 in every count it takes part in, below this.
 */
export const TEAM_SEAT_BATCHES = 1_000_000;
/** Readers in one count at most (seats 0..99): batch numbers stay within a 32-bit integer with room to spare. */
export const TEAM_SEATS_MAX = 100;

export const TEAM_COUNT_MESSAGES = {
  /** 409 when a start or a join finds the reader in another open count (with `open_audit_id`). */
  readerBusy: (name: string, auditId: number) =>
    `This reader is already counting "${name}" (audit ${auditId}): finish it or resume it`,
  notInProgress: 'This count is not in progress: it cannot be joined',
  teamFull: `This count has ${TEAM_SEATS_MAX} readers already`,
  partFinished: 'This reader has finished its part of this count; no more reads are accepted from it',
  notStarter: 'Only the person who started this count, or an admin, can do this',
  notFixedReader:
    'Only a fixed reader can be added to a count this way; a handheld joins from the reader itself',
  notFixedReaderHere: 'This fixed reader is not in the counted place',
  deviceNotFound: 'Device not found',
} as const;

/**
 * 409 from a start or a join (and the other conflicts of those routes): `open_audit_id` names the reader's open count,
 * to resume it or to finish it, when that is the conflict.
 */
export const ZReaderBusy = z.object({
  message: z.string(),
  open_audit_id: z.number().int().optional(),
});
export type TReaderBusy = z.infer<typeof ZReaderBusy>;

/** Who counts in an open count (the list to join from). */
export const ZCountMember = z.object({
  device_id: z.number().int(),
  device_name: z.string(),
  /** The person holding it (a Count screen's owner, whoever added a fixed reader); null for a reader alone. */
  person: z.string().nullable(),
  finished: z.boolean(),
});
export type TCountMember = z.infer<typeof ZCountMember>;

/** A count in progress in the company: GET /api/rfid/audits/open (device token) and GET /api/audits/open. */
export const ZOpenCount = z.object({
  id: z.number().int(),
  name: z.string(),
  location_id: z.number().int().nullable(),
  /** The location's name, or a Dutchie room; null: the whole catalogue (or store). */
  place: z.string().nullable(),
  started_by: z.string().nullable(),
  started_at: z.string(),
  audit_type: z.string().nullable(),
  /** A fixed reader's timed count ends by itself then. */
  ends_at: z.string().nullable(),
  participants: z.array(ZCountMember),
});
export type TOpenCount = z.infer<typeof ZOpenCount>;
export const ZOpenCountsResponse = z.object({ data: z.array(ZOpenCount) });
export type TOpenCountsResponse = z.infer<typeof ZOpenCountsResponse>;

/** POST /api/rfid/audits/{audit_id}/join: the same answer however often the reader joins. */
export const ZJoinCountResponse = z.object({
  audit_id: z.number().int(),
  status: ZAuditStatus,
  /** The reader's seat in the count (0: it started it). */
  seat: z.number().int(),
  /**
   * The reader's next batch number in this count: 0 for a reader new to it; after batches it sent, the one after its
   * highest. A reader that lost what it kept (a Count screen given up on) goes on from here, or completes its part
   * with it as batch_count.
   */
  next_batch_seq: z.number().int(),
});
export type TJoinCountResponse = z.infer<typeof ZJoinCountResponse>;

/** POST /api/audits/{id}/participants: a fixed reader of the counted place joins the count. */
export const ZAddParticipantRequest = z.object({
  device_id: z
    .number({ error: 'device_id must be a device id' })
    .int('device_id must be a device id')
    .positive('device_id must be a device id')
    .max(2_147_483_647, 'device_id must be a device id'),
});
export type TAddParticipantRequest = z.input<typeof ZAddParticipantRequest>;

/** One reader's part of a count, from its reads so far. */
export const ZParticipant = ZCountMember.extend({
  /** Reads it sent (a read may count a tag several times). */
  reads: z.number().int(),
  /**
   * Units it found: its distinct tags (EPC + TID; an EPC without TIDs is one), its distinct serials, and the quantities
   * of its plain scans. A tag read by two readers is one unit of each here, and one unit of the count.
   */
  units: z.number().int(),
  last_read_at: z.string().nullable(),
});
export type TParticipant = z.infer<typeof ZParticipant>;

/** Expected and found units of one sub-location of the counted place (found by the products' own places). */
export const ZPlaceProgress = z.object({
  location_id: z.number().int(),
  name: z.string(),
  expected: z.number().int(),
  found: z.number().int(),
});
export type TPlaceProgress = z.infer<typeof ZPlaceProgress>;

/**
 * GET /api/audits/{id}/progress: a count as it runs, from the reads so far (poll it every few seconds). Units found are
 * the distinct tags and scans matched to products in scope so far; the completed count's figures are the
 * reconciliation's (tags_found on the audit).
 */
export const ZAuditProgress = z.object({
  status: ZAuditStatus,
  units_found: z.number().int(),
  units_expected: z.number().int(),
  participants: z.array(ZParticipant),
  /** The counted location and its sub-locations (empty for a whole-catalogue or Dutchie count). */
  places: z.array(ZPlaceProgress),
  /**
   * A catalogue count in progress in a trading store (issue 48): what moved in its places since it started, over
   * the products it counts (absent when nothing did). units_expected then follows the reconciliation's rule: each
   * product's stock at the start plus what moved until its first read (not read yet: until now).
   */
  moved: ZMovedDuring.optional(),
});
export type TAuditProgress = z.infer<typeof ZAuditProgress>;
