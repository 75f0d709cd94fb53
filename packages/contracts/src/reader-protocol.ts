import { z } from 'zod';
import { CODE_MESSAGES, CODE_QUANTITY_MAX } from './code-identity.ts';
import { ZScannedCode } from './code-lookup.ts';
import { ZSerialNumber } from './devices.ts';
import { TEAM_SEAT_BATCHES } from './team-counts.ts';

/**
 * The reader protocol (version 1): what handheld readers of other vendors code against. Keep it backwards
 * compatible: add optional fields, never rename or remove one. Documented in the README and under the
 * 'reader protocol' tag of /api/docs.
 */
export const READER_PROTOCOL_VERSION = 1;
export const READER_PROTOCOL_TAG = 'reader protocol';

/** Pairing codes live this long (seconds). */
export const PAIRING_EXPIRES_IN = 300;
/** The default least wait between two polls of one pairing (seconds); the server may say otherwise. */
export const PAIRING_POLL_INTERVAL = 5;
/** Reads in one batch at most. */
export const READS_PER_BATCH_MAX = 5000;

export const READER_MESSAGES = {
  pairingBusy: 'Too many readers are pairing right now. Try again in a minute.',
  deviceTokenRequired: 'This route is for paired readers: send the device token as a bearer token',
  pairingNotFound: 'Pairing not found',
  pairingExpired: 'This pairing code has expired. Start pairing again.',
  pairingUsed: 'This pairing has already delivered its token. Start pairing again to get a new one.',
  pollTooFast: 'Polling too fast. Wait the given interval between polls.',
  auditNotFound: 'Audit not found',
  locationNotFound: 'Location not found',
  auditCompleted: 'This audit is already completed; no more reads are accepted',
  auditFailed: 'This audit has failed: no reads arrived in time. Start a new audit.',
  missingBatches: 'Some batches have not arrived. Send them, then complete again.',
  roomNotFound: 'Room not found in the Dutchie store',
  roomIsForDutchie:
    "room is for companies whose inventory is in Dutchie; this company's audits take a location_id",
  locationIsForCatalogue: "This company's stock is in Dutchie: audit a room (room), not a location_id",
} as const;

const optionalLabel = (label: string, max = 100) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null));

/** POST /api/rfid/register/start (no sign-in). */
export const ZPairingStartRequest = z.object({
  serial_number: ZSerialNumber,
  model: optionalLabel('Model'),
  firmware: optionalLabel('Firmware'),
});
export type TPairingStartRequest = z.input<typeof ZPairingStartRequest>;

export const ZPairingStartResponse = z.object({
  pairing_id: z.string(),
  /** 6 digits for the reader to show; a person types them into the portal. */
  code: z.string(),
  /** Proves the poller is the reader that started the pairing; never shown. */
  poll_secret: z.string(),
  expires_in: z.number().int(),
  interval: z.number().int(),
});
export type TPairingStartResponse = z.infer<typeof ZPairingStartResponse>;

export const ZPairingPollRequest = z.object({
  pairing_id: z.uuid('pairing_id must be the id start returned'),
  poll_secret: z
    .string({ error: 'poll_secret is required' })
    .min(1, 'poll_secret is required')
    .max(200, 'poll_secret must be at most 200 characters'),
});
export type TPairingPollRequest = z.input<typeof ZPairingPollRequest>;

export const ZPairingPending = z.object({ status: z.literal('pending'), interval: z.number().int() });
export const ZPairingPaired = z.object({
  status: z.literal('paired'),
  device_id: z.number().int(),
  /** Send as `Authorization: Bearer <device_token>` on the reader routes. Shown once. */
  device_token: z.string(),
  company_name: z.string(),
});
export type TPairingPaired = z.infer<typeof ZPairingPaired>;
export const ZPollTooFast = z.object({ message: z.string(), interval: z.number().int() });

/** POST /api/rfid/heartbeat. */
export const ZHeartbeatRequest = z.object({
  battery_level: z
    .number({ error: 'battery_level must be a whole number from 0 to 100' })
    .int('battery_level must be a whole number from 0 to 100')
    .min(0, 'battery_level must be a whole number from 0 to 100')
    .max(100, 'battery_level must be a whole number from 0 to 100'),
  signal_strength: z
    .number({ error: 'signal_strength must be a whole number from 0 to 4' })
    .int('signal_strength must be a whole number from 0 to 4')
    .min(0, 'signal_strength must be a whole number from 0 to 4')
    .max(4, 'signal_strength must be a whole number from 0 to 4'),
});
export type THeartbeatRequest = z.input<typeof ZHeartbeatRequest>;
/** A recount the portal started on this reader (count review's "Recount"): the reader joins it by its id. */
export const ZRecountToJoin = z.object({
  audit_id: z.number().int(),
  name: z.string(),
  /** The count whose lines it counts again. */
  recount_of: z.number().int(),
  location_id: z.number().int().nullable(),
});
export const ZHeartbeatResponse = z.object({
  device_id: z.number().int(),
  status: z.enum(['online', 'warning', 'offline']),
  server_time: z.string(),
  /**
   * Recounts in progress on this reader that it did not start itself, oldest first: it reads its short list of what
   * to find with GET /api/rfid/audits/{audit_id}/sheet?items=expected, sends reads and completes as for its own.
   */
  recounts: z.array(ZRecountToJoin),
});

/** POST /api/rfid/audits: safe to retry with the same client_audit_id. */
export const ZStartAuditRequest = z.object({
  client_audit_id: z.uuid('client_audit_id must be a UUID the reader makes'),
  name: optionalLabel('Audit name', 200),
  location_id: z
    .number({ error: 'location_id must be a location id' })
    .int('location_id must be a location id')
    .positive('location_id must be a location id')
    .max(2_147_483_647, 'location_id must be a location id')
    .nullish()
    .transform((v) => v ?? null),
  audit_type: optionalLabel('Audit type', 50),
  /**
   * Point-of-sale (Dutchie) companies: the room to audit, by name (e.g. 'Sales Floor'); without it the whole
   * store. The expected counts are the room's (or the store's) package quantities when the audit starts.
   */
  room: optionalLabel('room', 100),
  /** The count plan this count is for (the Count screen's "Due now"); recorded on the audit. Added in version 1. */
  plan_id: z
    .number({ error: 'plan_id must be a count plan id' })
    .int('plan_id must be a count plan id')
    .positive('plan_id must be a count plan id')
    .max(2_147_483_647, 'plan_id must be a count plan id')
    .nullish()
    .transform((v) => v ?? null),
  /**
   * A receipt: the shipment this count receives (GET /api/shipments?status=expected). Its expected stock is the
   * shipment's lines, at the shipment's destination (location_id is not sent). Added in version 1 (issue 51).
   */
  shipment_id: z
    .number({ error: 'shipment_id must be a shipment id' })
    .int('shipment_id must be a shipment id')
    .positive('shipment_id must be a shipment id')
    .max(2_147_483_647, 'shipment_id must be a shipment id')
    .nullish()
    .transform((v) => v ?? null),
});
export type TStartAuditRequest = z.input<typeof ZStartAuditRequest>;
export const ZStartAuditResponse = z.object({
  audit_id: z.number().int(),
  status: z.enum(['in_progress', 'completed', 'failed', 'pending']),
});

const READ_NEEDS_ONE = 'A read needs an epc (an RFID tag) or a code (a barcode scan), not both';

/**
 * One read: an RFID tag `{ epc, tid?, rssi?, count?, seen_at? }` or a barcode scan `{ code, quantity?, seen_at? }`
 * (added beside the tag read in version 1: a reader that sends only tags sees no change). The fields are checked as
 * they come and put in their stored form (hex upper case, absent as null, count 1) by one transform of the whole
 * read: a transform per field costs more than the checks themselves, and a reader's batch is thousands of reads.
 */
export const ZRead = z
  .object({
    /** 24 hex digits; stored upper case. */
    epc: z
      .string({ error: 'epc must be 24 hex digits' })
      .regex(/^[0-9a-fA-F]{24}$/, 'epc must be 24 hex digits')
      .optional(),
    /** The chip's unique id: tells apart two tags carrying the same EPC (units of one product). */
    tid: z
      .string({ error: 'tid must be 8 to 64 hex digits' })
      .regex(/^[0-9a-fA-F]{8,64}$/, 'tid must be 8 to 64 hex digits')
      .nullish(),
    rssi: z
      .number({ error: 'rssi must be a number of dBm from -128 to 20' })
      .min(-128, 'rssi must be a number of dBm from -128 to 20')
      .max(20, 'rssi must be a number of dBm from -128 to 20')
      .nullish(),
    /** How many times the reader saw the tag in this read (readers aggregate); 1 when absent. */
    count: z
      .number({ error: 'count must be a whole number from 1 to 100000' })
      .int('count must be a whole number from 1 to 100000')
      .min(1, 'count must be a whole number from 1 to 100000')
      .max(100_000, 'count must be a whole number from 1 to 100000')
      .optional(),
    /**
     * What a barcode scanner read, as it sent it (1 to 200 printable characters; GS1's GS separator allowed): a GTIN
     * barcode, a GS1 element string or Digital Link, a SKU, a Metrc label. See docs/readers.md.
     */
    code: ZScannedCode.optional(),
    /** Units this scan counts (a case of 12, a package counted by hand); 1 when absent. Scans only. */
    quantity: z
      .number({ error: CODE_MESSAGES.quantity })
      .int(CODE_MESSAGES.quantity)
      .min(1, CODE_MESSAGES.quantity)
      .max(CODE_QUANTITY_MAX, CODE_MESSAGES.quantity)
      .optional(),
    seen_at: z.iso.datetime({ offset: true, error: 'seen_at must be an ISO 8601 time' }).nullish(),
  })
  // One transform checks what the fields cannot alone and shapes the read: refinements beside it cost as much again
  // as the whole read's checks, on thousands of reads a batch.
  .transform((read, ctx): TTagRead | TCodeRead => {
    if (read.code !== undefined) {
      if (read.epc !== undefined) ctx.addIssue({ code: 'custom', message: READ_NEEDS_ONE, path: ['epc'] });
      return { code: read.code.trim(), quantity: read.quantity ?? null, seen_at: read.seen_at ?? null };
    }
    if (read.epc === undefined) {
      ctx.addIssue({ code: 'custom', message: READ_NEEDS_ONE, path: ['epc'] });
      return z.NEVER;
    }
    if (read.quantity !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'quantity is for code reads; the units of an RFID tag are its tags',
        path: ['quantity'],
      });
    }
    return {
      epc: read.epc.toUpperCase(),
      tid: read.tid ? read.tid.toUpperCase() : null,
      rssi: read.rssi ?? null,
      count: read.count ?? 1,
      seen_at: read.seen_at ?? null,
    };
  });
/** An RFID tag read, as stored. */
export type TTagRead = {
  epc: string;
  tid: string | null;
  rssi: number | null;
  count: number;
  seen_at: string | null;
};
/** A barcode scan, as stored: `quantity` null when none was given (one unit, or a package's expected units). */
export type TCodeRead = { code: string; quantity: number | null; seen_at: string | null };
export type TRead = z.input<typeof ZRead>;

/** POST /api/rfid/audits/{audit_id}/reads. */
export const ZReadsRequest = z.object({
  batch_seq: z
    .number({ error: 'batch_seq must be a whole number of 0 or more' })
    .int('batch_seq must be a whole number of 0 or more')
    .min(0, 'batch_seq must be a whole number of 0 or more')
    // Each reader numbers its own batches in a count from 0 (team counts): below TEAM_SEAT_BATCHES.
    .max(TEAM_SEAT_BATCHES - 1, `batch_seq must be at most ${TEAM_SEAT_BATCHES - 1}`),
  reads: z
    .array(ZRead, { error: 'reads must be a list' })
    .max(READS_PER_BATCH_MAX, `reads must hold at most ${READS_PER_BATCH_MAX} reads a batch`),
});
export type TReadsRequest = z.input<typeof ZReadsRequest>;
export const ZReadsResponse = z.object({
  batch_seq: z.number().int(),
  accepted: z.number().int(),
  /** True when this batch_seq had arrived before: nothing was stored again. */
  duplicate: z.boolean(),
});
export type TReadsResponse = z.infer<typeof ZReadsResponse>;

/** POST /api/rfid/audits/{audit_id}/complete. */
export const ZCompleteAuditRequest = z.object({
  batch_count: z
    .number({ error: 'batch_count must be a whole number of 0 or more' })
    .int('batch_count must be a whole number of 0 or more')
    .min(0, 'batch_count must be a whole number of 0 or more')
    .max(TEAM_SEAT_BATCHES, `batch_count must be at most ${TEAM_SEAT_BATCHES}`),
});
export type TCompleteAuditRequest = z.input<typeof ZCompleteAuditRequest>;
/** 409 from complete: `missing_batch_seqs` lists what to resend (up to 1,000); absent for other conflicts. */
export const ZMissingBatches = z.object({
  message: z.string(),
  missing_batch_seqs: z.array(z.number().int()).optional(),
});

export const ZAuditPathParam = z.object({
  audit_id: z.coerce.number().int().positive().max(2_147_483_647),
});
