import { z } from 'zod';
import { ZAuditStatus } from './audits.ts';
import { ZDevice, ZSerialNumber } from './devices.ts';
import { ZFixedReaderInterface } from './fixed-interfaces.ts';

/**
 * Fixed readers: an Impinj R700 posts tag events to one configured URL (its IoT device interface's webhook),
 * authenticating with HTTP Basic (the reader's serial number and a device token as the password). The body is the
 * R700's own: a JSON array of events; tagInventory events are reads, every other event type is ignored, and `[]`
 * is a keep-alive. Unknown fields are ignored, so newer firmware keeps working. Its path, IMPINJ_WEBHOOK_PATH, is
 * in ./fixed-interfaces.ts with the other fixed readers' ways in.
 */

/** Events in one post at most (the R700 batches far fewer; this bounds a request's work). */
export const IMPINJ_EVENTS_MAX = 5000;
/** A timed count lasts at most a week. */
export const COUNT_DURATION_MAX_MINUTES = 7 * 24 * 60;
/** The realm named in WWW-Authenticate when the webhook's credentials are wrong. */
export const IMPINJ_REALM = 'Quantics fixed readers';

export const IMPINJ_MESSAGES = {
  credentialsRequired:
    "This route is for fixed readers: sign in with HTTP Basic, the reader's serial number and its webhook password",
  notAList: 'The body must be a JSON array of Impinj events',
  tooManyEvents: `At most ${IMPINJ_EVENTS_MAX} events a post`,
  eventNotObject: 'Each event must be a JSON object',
  eventTypeRequired: 'Each event needs an eventType',
  tagInventoryRequired: 'A tagInventory event needs a tagInventoryEvent object',
  epcHex: 'epcHex must be 24 hex digits (a 96-bit EPC)',
  tidHex: 'tidHex must be 8 to 64 hex digits',
  peakRssi: 'peakRssiCdbm must be a whole number of centi-dBm from -12800 to 2000',
  antennaPort: 'antennaPort must be a whole number from 0 to 1000',
  lastSeenTime: 'lastSeenTime must be an ISO 8601 time',
  notFixedReader: 'This device is not a fixed reader',
  noCountOpen: 'No count is open on this reader',
  durationRange: `duration_minutes must be a whole number from 1 to ${COUNT_DURATION_MAX_MINUTES}`,
} as const;

const hex = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .regex(new RegExp(`^[0-9a-fA-F]{${min},${max}}$`), message)
    .transform((v) => v.toUpperCase());

/** The part of a tagInventory event Quantics reads; the R700 sends more (phase, Doppler, ...), ignored. */
export const ZImpinjTagInventoryEvent = z.object(
  {
    epcHex: hex(24, 24, IMPINJ_MESSAGES.epcHex),
    tidHex: hex(8, 64, IMPINJ_MESSAGES.tidHex).nullish(),
    antennaPort: z
      .number({ error: IMPINJ_MESSAGES.antennaPort })
      .int(IMPINJ_MESSAGES.antennaPort)
      .min(0, IMPINJ_MESSAGES.antennaPort)
      .max(1000, IMPINJ_MESSAGES.antennaPort)
      .nullish(),
    antennaName: z.string().max(200, 'antennaName must be at most 200 characters').nullish(),
    /** Centi-dBm: -5350 is -53.5 dBm. */
    peakRssiCdbm: z
      .number({ error: IMPINJ_MESSAGES.peakRssi })
      .int(IMPINJ_MESSAGES.peakRssi)
      .min(-12800, IMPINJ_MESSAGES.peakRssi)
      .max(2000, IMPINJ_MESSAGES.peakRssi)
      .nullish(),
    lastSeenTime: z.iso.datetime({ offset: true, error: IMPINJ_MESSAGES.lastSeenTime }).nullish(),
  },
  { error: IMPINJ_MESSAGES.tagInventoryRequired },
);
export type TImpinjTagInventoryEvent = z.infer<typeof ZImpinjTagInventoryEvent>;

/**
 * One event of the R700's array. Only `eventType` is required of every event; a tagInventory event must carry its
 * tagInventoryEvent, other types (inventoryStatus, gpiTransition, ...) pass through unread.
 */
export const ZImpinjEvent = z
  .object(
    {
      timestamp: z.string().max(100, 'timestamp must be at most 100 characters').nullish(),
      hostname: z.string().max(255, 'hostname must be at most 255 characters').nullish(),
      eventType: z
        .string({ error: IMPINJ_MESSAGES.eventTypeRequired })
        .min(1, IMPINJ_MESSAGES.eventTypeRequired)
        .max(100, 'eventType must be at most 100 characters'),
      tagInventoryEvent: z.unknown().optional(),
    },
    { error: IMPINJ_MESSAGES.eventNotObject },
  )
  .transform((event, ctx) => {
    if (event.eventType !== 'tagInventory') return { ...event, tagInventoryEvent: undefined };
    const parsed = ZImpinjTagInventoryEvent.safeParse(event.tagInventoryEvent);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['tagInventoryEvent', ...issue.path] });
      }
      return z.NEVER;
    }
    return { ...event, tagInventoryEvent: parsed.data };
  });
export type TImpinjEvent = z.input<typeof ZImpinjEvent>;

/** POST /api/rfid/impinj/events: the R700's body as it is. */
export const ZImpinjEventsRequest = z
  .array(ZImpinjEvent, { error: IMPINJ_MESSAGES.notAList })
  .max(IMPINJ_EVENTS_MAX, IMPINJ_MESSAGES.tooManyEvents);
export type TImpinjEventsRequest = z.input<typeof ZImpinjEventsRequest>;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null));

const locationId = z
  .number({ error: 'location_id must be a location id' })
  .int('location_id must be a location id')
  .positive('location_id must be a location id')
  .max(2_147_483_647, 'location_id must be a location id')
  .nullish()
  .transform((v) => v ?? null);

/** POST /api/devices/fixed: a fixed reader and its home (a location, or for a Dutchie company a room). */
export const ZCreateFixedReaderRequest = z.object({
  name: z
    .string({ error: 'Device name is required' })
    .trim()
    .min(1, 'Device name is required')
    .max(100, 'Device name must be at most 100 characters'),
  serial_number: ZSerialNumber,
  model: optionalText('Model', 100),
  location_id: locationId,
  room: optionalText('room', 100),
  /** The way it posts; when absent it follows the model (interfaceForModel). */
  interface: ZFixedReaderInterface.nullish().transform((v) => v ?? null),
});
export type TCreateFixedReaderRequest = z.input<typeof ZCreateFixedReaderRequest>;

/** What to type into the reader's webhook settings. The password is shown once; replace it to see a new one. */
export const ZWebhookSettings = z.object({
  url: z.string(),
  username: z.string(),
  password: z.string(),
});
export type TWebhookSettings = z.infer<typeof ZWebhookSettings>;
export const ZFixedReaderCreated = z.object({ device: ZDevice, webhook: ZWebhookSettings });
export type TFixedReaderCreated = z.infer<typeof ZFixedReaderCreated>;

/** POST /api/devices/{id}/counts: a count on a fixed reader, at its home unless another place is named. */
export const ZStartCountRequest = z.object({
  location_id: locationId,
  room: optionalText('room', 100),
  name: optionalText('Count name', 200),
  duration_minutes: z
    .number({ error: IMPINJ_MESSAGES.durationRange })
    .int(IMPINJ_MESSAGES.durationRange)
    .min(1, IMPINJ_MESSAGES.durationRange)
    .max(COUNT_DURATION_MAX_MINUTES, IMPINJ_MESSAGES.durationRange)
    .nullish()
    .transform((v) => v ?? null),
});
export type TStartCountRequest = z.input<typeof ZStartCountRequest>;
export const ZStartCountResponse = z.object({ audit_id: z.number().int(), status: ZAuditStatus });
export type TStartCountResponse = z.infer<typeof ZStartCountResponse>;

/** Centi-dBm (the R700's peakRssiCdbm) to dBm, as the reader protocol's rssi. */
export const cdbmToDbm = (cdbm: number): number => cdbm / 100;
