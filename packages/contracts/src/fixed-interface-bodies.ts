import { z } from 'zod';
import { IMPINJ_EVENTS_MAX } from './impinj.ts';

// The bodies of the Zebra IoT Connector's and Speedway Connect's posts (see ./fixed-interfaces.ts for the sources).

export const FIXED_INTERFACE_MESSAGES = {
  zebraNotEvents: 'The body must be a Zebra IoT Connector event or a JSON array of them',
  zebraEventNotObject: 'Each event must be a JSON object',
  zebraTypeRequired: 'Each event needs a type',
  zebraDataRequired: 'A tag event needs a data object',
  zebraIdHex: 'data.idHex must be 24 hex digits (a 96-bit EPC)',
  zebraFormat: 'data.format must be "epc": set the tag ID format to EPC in the reader\'s operating mode',
  zebraTid: 'data.TID must be 8 to 64 hex digits',
  zebraRssi: 'data.peakRssi must be a number of dBm from -128 to 20',
  zebraAntenna: 'data.antenna must be a whole number from 0 to 1000',
  zebraReads: 'data.reads must be a whole number from 1 to 100000',
  zebraTimestamp: 'timestamp must be a time like 2026-09-07T12:50:55.513+0000',
  speedwayNotTags:
    'The body must be a Speedway Connect tag read, a JSON array of them, or an object with tag_reads',
  speedwayTagNotObject: 'Each tag read must be a JSON object',
  speedwayEpc: 'epc must be 24 hex digits (a 96-bit EPC)',
  speedwayTid: 'tid must be 8 to 64 hex digits',
  speedwayRssi: 'peakRssi must be a number of dBm from -128 to 20',
  speedwayAntenna: 'antennaPort must be a whole number from 0 to 1000',
  speedwayFirstSeen:
    'firstSeenTimestamp must be an ISO 8601 time or microseconds since 1970 (from the year 2000 to 2100)',
  tooManyEvents: `At most ${IMPINJ_EVENTS_MAX} events a post`,
} as const;

/** One read as every fixed-reader adapter hands it to the ingest (the reader protocol's stored form). */
export type TFixedRead = {
  epc: string;
  tid: string | null;
  rssi: number | null;
  count: number;
  seen_at: string | null;
  /** The antenna port that read it (a fixed reader's; issue 52): where it was seen, when the port is mapped. */
  antenna?: number | null;
};

const hex = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .regex(new RegExp(`^[0-9a-fA-F]{${min},${max}}$`), message)
    .transform((v) => v.toUpperCase());
/** An optional hex field; an empty string (what some firmware sends for a bank it did not read) is absent. */
const optionalHex = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .regex(new RegExp(`^(?:[0-9a-fA-F]{${min},${max}})?$`), message)
    .transform((v) => (v ? v.toUpperCase() : null))
    .nullish();
const dbm = (message: string) => z.number({ error: message }).min(-128, message).max(20, message).nullish();
const antenna = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(1000, message).nullish();

/** A list, or one item posted alone (a reader with batching switched off). */
const oneOrMany = <T extends z.ZodType>(item: T, notList: string) =>
  z
    .custom<object>((body) => typeof body === 'object' && body !== null, { error: notList })
    .transform((body): unknown[] => (Array.isArray(body) ? body : [body]))
    .pipe(z.array(item).max(IMPINJ_EVENTS_MAX, FIXED_INTERFACE_MESSAGES.tooManyEvents));

// ---------------------------------------------------------------------------------------------------------------
// Zebra IoT Connector: a JSON array of events (batched every reportingInterval) or one event; each
// { data: {...}, timestamp: "2026-09-07T12:50:55.513+0000", type: "SIMPLE" | "INVENTORY" | ... }.

/** Event types that carry a tag read (the operating modes); every other type (HEARTBEAT, GPI, ERROR, ...) is not. */
export const ZEBRA_TAG_EVENT_TYPES: ReadonlySet<string> = new Set([
  'SIMPLE',
  'INVENTORY',
  'PORTAL',
  'CONVEYOR',
  'CUSTOM',
]);

/** "2026-09-07T12:50:55.513+0000" (Zebra's offset has no colon) to ISO 8601, or null when it is no time. */
export function zebraTimeToIso(text: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?)(Z|[+-]\d{2}:?\d{2})$/.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const offset = m[2] === 'Z' ? 'Z' : `${m[2].slice(0, 3)}:${m[2].slice(-2)}`;
  const iso = `${m[1]}${offset}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** The part of a tag event's data Quantics reads; the reader sends more (eventNum, channel, phase, PC, ...). */
const ZZebraTagData = z.object(
  {
    format: z.string({ error: FIXED_INTERFACE_MESSAGES.zebraFormat }).nullish(),
    idHex: hex(24, 24, FIXED_INTERFACE_MESSAGES.zebraIdHex),
    antenna: antenna(FIXED_INTERFACE_MESSAGES.zebraAntenna),
    peakRssi: dbm(FIXED_INTERFACE_MESSAGES.zebraRssi),
    reads: z
      .number({ error: FIXED_INTERFACE_MESSAGES.zebraReads })
      .int(FIXED_INTERFACE_MESSAGES.zebraReads)
      .min(1, FIXED_INTERFACE_MESSAGES.zebraReads)
      .max(100_000, FIXED_INTERFACE_MESSAGES.zebraReads)
      .nullish(),
    // TID as the CUSTOM mode's tagMetaData names it, or as the reader's other modes write it.
    TID: optionalHex(8, 64, FIXED_INTERFACE_MESSAGES.zebraTid),
    tid: optionalHex(8, 64, FIXED_INTERFACE_MESSAGES.zebraTid),
  },
  { error: FIXED_INTERFACE_MESSAGES.zebraDataRequired },
);

const ZZebraEvent = z
  .object(
    {
      type: z
        .string({ error: FIXED_INTERFACE_MESSAGES.zebraTypeRequired })
        .min(1, FIXED_INTERFACE_MESSAGES.zebraTypeRequired)
        .max(100, 'type must be at most 100 characters'),
      timestamp: z.string({ error: FIXED_INTERFACE_MESSAGES.zebraTimestamp }).max(100).nullish(),
      data: z.unknown().optional(),
    },
    { error: FIXED_INTERFACE_MESSAGES.zebraEventNotObject },
  )
  .transform((event, ctx): TFixedRead | null => {
    if (!ZEBRA_TAG_EVENT_TYPES.has(event.type.toUpperCase())) return null;
    const parsed = ZZebraTagData.safeParse(event.data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['data', ...issue.path] });
      }
      return z.NEVER;
    }
    const data = parsed.data;
    if (data.format != null && data.format.toLowerCase() !== 'epc') {
      ctx.addIssue({
        code: 'custom',
        message: FIXED_INTERFACE_MESSAGES.zebraFormat,
        path: ['data', 'format'],
      });
      return z.NEVER;
    }
    const seenAt = event.timestamp == null ? null : zebraTimeToIso(event.timestamp);
    if (event.timestamp != null && seenAt === null) {
      ctx.addIssue({ code: 'custom', message: FIXED_INTERFACE_MESSAGES.zebraTimestamp, path: ['timestamp'] });
      return z.NEVER;
    }
    return {
      epc: data.idHex,
      tid: data.TID ?? data.tid ?? null,
      rssi: data.peakRssi ?? null,
      count: data.reads ?? 1,
      seen_at: seenAt,
      antenna: data.antenna ?? null,
    };
  });

/** POST /api/rfid/zebra/events: the IoT Connector's body as it is; each tag event parsed to a read, others null. */
export const ZZebraEventsRequest = oneOrMany(ZZebraEvent, FIXED_INTERFACE_MESSAGES.zebraNotEvents);
export type TZebraEventsRequest = z.input<typeof ZZebraEventsRequest>;

// ---------------------------------------------------------------------------------------------------------------
// Speedway Connect: one tag read, a JSON array of them, or { reader_name, mac_address, tag_reads: [...] }; each
// { epc, tid?, antennaPort, peakRssi, firstSeenTimestamp, isHeartBeat }; a heartbeat has isHeartBeat: true.

const MICROS_2000 = Date.UTC(2000, 0, 1) * 1000;
const MICROS_2100 = Date.UTC(2100, 0, 1) * 1000;

/** firstSeenTimestamp: an ISO 8601 string, or a number (or numeric string) of microseconds since 1970. */
export function speedwayTimeToIso(value: string | number): string | null {
  const micros = typeof value === 'number' ? value : /^\d{10,17}$/.test(value) ? Number(value) : null;
  if (micros !== null) {
    if (!Number.isFinite(micros) || micros < MICROS_2000 || micros >= MICROS_2100) return null;
    return new Date(Math.floor(micros / 1000)).toISOString();
  }
  return z.iso.datetime({ offset: true }).safeParse(value).success ? String(value) : null;
}

const ZSpeedwayEpc = hex(24, 24, FIXED_INTERFACE_MESSAGES.speedwayEpc);

const ZSpeedwayTag = z
  .object(
    {
      isHeartBeat: z.boolean({ error: 'isHeartBeat must be true or false' }).nullish(),
      epc: z.unknown().optional(),
      tid: optionalHex(8, 64, FIXED_INTERFACE_MESSAGES.speedwayTid),
      antennaPort: antenna(FIXED_INTERFACE_MESSAGES.speedwayAntenna),
      peakRssi: dbm(FIXED_INTERFACE_MESSAGES.speedwayRssi),
      firstSeenTimestamp: z
        .union([z.string().max(100), z.number()], { error: FIXED_INTERFACE_MESSAGES.speedwayFirstSeen })
        .nullish(),
    },
    { error: FIXED_INTERFACE_MESSAGES.speedwayTagNotObject },
  )
  .transform((tag, ctx): TFixedRead | null => {
    if (tag.isHeartBeat === true) return null;
    const epc = ZSpeedwayEpc.safeParse(tag.epc);
    if (!epc.success) {
      ctx.addIssue({ code: 'custom', message: FIXED_INTERFACE_MESSAGES.speedwayEpc, path: ['epc'] });
      return z.NEVER;
    }
    const seenAt = tag.firstSeenTimestamp == null ? null : speedwayTimeToIso(tag.firstSeenTimestamp);
    if (tag.firstSeenTimestamp != null && seenAt === null) {
      ctx.addIssue({
        code: 'custom',
        message: FIXED_INTERFACE_MESSAGES.speedwayFirstSeen,
        path: ['firstSeenTimestamp'],
      });
      return z.NEVER;
    }
    return {
      epc: epc.data,
      tid: tag.tid ?? null,
      rssi: tag.peakRssi ?? null,
      count: 1,
      seen_at: seenAt,
      antenna: tag.antennaPort ?? null,
    };
  });

/** POST /api/rfid/speedway/events: Speedway Connect's body as it is; each tag read parsed, heartbeats null. */
export const ZSpeedwayEventsRequest = z
  .unknown()
  .transform((body) =>
    body !== null && typeof body === 'object' && !Array.isArray(body) && 'tag_reads' in body
      ? (body as { tag_reads: unknown }).tag_reads
      : body,
  )
  .pipe(oneOrMany(ZSpeedwayTag, FIXED_INTERFACE_MESSAGES.speedwayNotTags));
export type TSpeedwayEventsRequest = z.input<typeof ZSpeedwayEventsRequest>;
