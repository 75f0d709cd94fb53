import { z } from 'zod';
import { pageQuery, ZPagination } from './pagination.ts';
import { hasRole, type TRole } from './roles.ts';

/** Everything the portal tells people and other systems about, as stored in the event store. */
export const EVENT_TYPES = [
  'audit.completed',
  'audit.failed',
  'audit.review_requested',
  'device.offline',
  'device.online',
  'device.battery_low',
  'inventory.stock_low',
  'inventory.out_of_stock',
  'inventory.import_completed',
  'print.job_failed',
  'count.overdue',
  'shipment.received',
] as const;
export type TEventType = (typeof EVENT_TYPES)[number];

export const EVENT_LABELS: Record<TEventType, string> = {
  'audit.completed': 'Audit completed',
  'audit.failed': 'Audit failed',
  'audit.review_requested': 'Count awaiting review',
  'device.offline': 'Reader went offline',
  'device.online': 'Reader back online',
  'device.battery_low': 'Reader battery low',
  'inventory.stock_low': 'Product running low',
  'inventory.out_of_stock': 'Product out of stock',
  'inventory.import_completed': 'Import completed',
  'print.job_failed': 'Label print failed',
  'count.overdue': 'Count overdue',
  'shipment.received': 'Shipment received',
};

/**
 * Who is told about an event: readers are for operators and admins (members have no devices screen), and so is
 * printing; the rest is for everyone in the company.
 */
export function mayBeToldOf(role: TRole, type: string): boolean {
  if (type.startsWith('device.') || type.startsWith('print.')) return hasRole(role, 'operator');
  // Admins review counts.
  if (type === 'audit.review_requested') return hasRole(role, 'admin');
  return true;
}

/** The event types a role is told of. */
export const eventTypesFor = (role: TRole): TEventType[] => EVENT_TYPES.filter((t) => mayBeToldOf(role, t));

const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));

export type TEventText = { title: string; body: string; link: string | null };

/**
 * One event in words, the same in the bell, in e-mails and in a Slack message; `link` is the portal page it is about.
 */
export function eventText(type: string, p: Record<string, unknown>): TEventText {
  switch (type) {
    case 'audit.completed':
      return {
        title: `${str(p.name)} completed: ${num(p.accuracy)}% accuracy`,
        body: auditBody(p),
        link: `/audits?audit=${num(p.audit_id)}`,
      };
    case 'audit.failed':
      return {
        title: `${str(p.name)} failed`,
        body: `No reads arrived from ${str(p.device_name) || 'the reader'} for ${num(p.timeout_minutes)} minutes, so the audit was stopped.`,
        link: `/audits?audit=${num(p.audit_id)}`,
      };
    case 'audit.review_requested':
      return {
        title: `${str(p.name)} is awaiting review`,
        body: `${num(p.lines_awaiting)} line${num(p.lines_awaiting) === 1 ? '' : 's'} over the count policy need an admin's approval.`,
        link: `/audits?audit=${num(p.audit_id)}&review=1`,
      };
    case 'device.offline':
      return {
        title: `${str(p.name)} is offline`,
        body: `Last heard from at ${str(p.last_seen)}.`,
        link: `/devices?device=${num(p.device_id)}`,
      };
    case 'device.online':
      return {
        title: `${str(p.name)} is back online`,
        body: `Battery ${num(p.battery_level)}%.`,
        link: `/devices?device=${num(p.device_id)}`,
      };
    case 'device.battery_low':
      return {
        title: `${str(p.name)} battery at ${num(p.battery_level)}%`,
        body: 'Charge the reader before its next count.',
        link: `/devices?device=${num(p.device_id)}`,
      };
    case 'inventory.stock_low':
    case 'inventory.out_of_stock': {
      const isOut = type === 'inventory.out_of_stock';
      // A Dutchie package (package_id) is named with its package: several packages share a product and SKU.
      const isPackage = p.package_id !== undefined;
      const what = `${str(p.name)}${isPackage ? ` (package ${str(p.package_id)})` : p.sku ? ` (${str(p.sku)})` : ''}`;
      const limit = isPackage
        ? `, low at ${num(p.low_stock_max)} or fewer`
        : p.min_stock_level === undefined
          ? ''
          : `, minimum ${num(p.min_stock_level)}`;
      return {
        title: isOut ? `${what} is out of stock` : `${what} is running low`,
        body: isOut ? 'Quantity is 0.' : `Quantity ${num(p.quantity)}${limit}.`,
        link: `/inventory?search=${encodeURIComponent(str(isPackage ? p.package_id : p.sku))}`,
      };
    }
    case 'inventory.import_completed':
      return {
        title: `Import of ${str(p.file_name)} completed`,
        body: `${num(p.created)} added, ${num(p.updated)} updated, ${num(p.failed)} failed.`,
        link: '/inventory',
      };
    case 'count.overdue':
      return {
        title: `${str(p.name)} is overdue for a count`,
        body: `Due on ${str(p.due_on)} (${str(p.plan_name)}); last counted ${str(p.last_counted_at) || 'never'}.`,
        link: '/count',
      };
    case 'shipment.received': {
      const isExact = str(p.status) === 'received';
      const off = [
        num(p.units_short) > 0 ? `${num(p.units_short)} short` : null,
        num(p.units_over) > 0 ? `${num(p.units_over)} over` : null,
        num(p.cartons_missing) > 0
          ? `${num(p.cartons_missing)} carton${num(p.cartons_missing) === 1 ? '' : 's'} missing`
          : null,
        num(p.unknown_codes) > 0
          ? `${num(p.unknown_codes)} unknown code${num(p.unknown_codes) === 1 ? '' : 's'}`
          : null,
        num(p.lines_awaiting_approval) > 0
          ? `${num(p.lines_awaiting_approval)} line${num(p.lines_awaiting_approval) === 1 ? '' : 's'} awaiting approval`
          : null,
      ].filter(Boolean);
      return {
        title: `Shipment ${str(p.reference)} received${isExact ? '' : ' with discrepancies'}`,
        body: `${num(p.units_received)} of ${num(p.units_expected)} units received${off.length ? ` (${off.join(', ')})` : ''}.`,
        link: `/shipments?shipment=${num(p.shipment_id)}`,
      };
    }
    case 'print.job_failed':
      return {
        title: `Label print failed on ${str(p.printer) || 'the printer'}`,
        body: str(p.error) || 'The print utility reported a failure.',
        link: '/print-labels',
      };
    default:
      return { title: type, body: '', link: null };
  }
}

function auditBody(p: Record<string, unknown>): string {
  const by = (p.discrepancies_by_type ?? {}) as Record<string, unknown>;
  const parts = ['shortage', 'overage', 'misplaced', 'unknown']
    .filter((k) => num(by[k]) > 0)
    .map((k) => `${num(by[k])} ${k}`);
  return `${num(p.tags_found)} of ${num(p.tags_expected)} tags found, ${num(p.discrepancies_count)} discrepancies${parts.length ? ` (${parts.join(', ')})` : ''}.`;
}

// ---- The bell ----

export const NOTIFICATIONS_PAGE_SIZE_MAX = 50;

export const ZNotificationsQuery = z.object(pageQuery(NOTIFICATIONS_PAGE_SIZE_MAX, 10));

export const ZNotification = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationsResponse = z.object({
  data: z.array(ZNotification),
  unread: z.number().int(),
  pagination: ZPagination,
});
export type TNotificationsResponse = z.infer<typeof ZNotificationsResponse>;

export const ZMarkReadRequest = z
  .object({
    ids: z
      .array(
        z.number({ error: 'ids must be notification ids' }).int().positive().max(Number.MAX_SAFE_INTEGER),
        {
          error: 'ids must be a list of notification ids',
        },
      )
      .max(500, 'ids may list at most 500 notifications')
      .optional(),
  })
  .optional()
  .default({});
export type TMarkReadRequest = z.input<typeof ZMarkReadRequest>;

export const ZMarkReadResponse = z.object({ unread: z.number().int() });

// ---- E-mail settings ----

const ZEventType = z.enum(EVENT_TYPES, { error: `events must be among: ${EVENT_TYPES.join(', ')}` });

/** IANA time zones the runtime knows (Intl), checked without a list of our own. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const ZNotificationSettings = z.object({
  email_events: z.array(ZEventType).max(EVENT_TYPES.length),
  /** audit.completed is e-mailed only under this accuracy (%); null: every completed audit. */
  accuracy_below: z
    .number({ error: 'accuracy_below must be a whole number from 1 to 100' })
    .int('accuracy_below must be a whole number from 1 to 100')
    .min(1, 'accuracy_below must be a whole number from 1 to 100')
    .max(100, 'accuracy_below must be a whole number from 1 to 100')
    .nullable(),
  /** Hour (0-23) of the daily digest in `time_zone`; null: no digest. */
  digest_hour: z
    .number({ error: 'digest_hour must be a whole number from 0 to 23' })
    .int('digest_hour must be a whole number from 0 to 23')
    .min(0, 'digest_hour must be a whole number from 0 to 23')
    .max(23, 'digest_hour must be a whole number from 0 to 23')
    .nullable(),
  time_zone: z
    .string({ error: 'time_zone must be a time zone such as Europe/Amsterdam' })
    .max(64, 'time_zone must be a time zone such as Europe/Amsterdam')
    .refine(isTimeZone, 'time_zone must be a time zone such as Europe/Amsterdam'),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

export const ZNotificationSettingsResponse = ZNotificationSettings.extend({
  /** The events this person's role may be told of (what the form offers). */
  available_events: z.array(z.string()),
});
export type TNotificationSettingsResponse = z.infer<typeof ZNotificationSettingsResponse>;

export const ZUnsubscribeQuery = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200, 'token is too long'),
});

// ---- Webhooks ----

export const WEBHOOK_ENDPOINTS_MAX = 20;

const ZWebhookUrl = z
  .string({ error: 'url must be an https:// or http:// address' })
  .trim()
  .max(2000, 'url must be at most 2000 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'url must be an https:// or http:// address');

const ZWebhookEvents = z
  .array(ZEventType, { error: 'events must be a list of event types' })
  .min(1, 'choose at least one event')
  .max(EVENT_TYPES.length);

export const ZCreateWebhookRequest = z.object({
  url: ZWebhookUrl,
  events: ZWebhookEvents,
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional().default(true),
});
export type TCreateWebhookRequest = z.input<typeof ZCreateWebhookRequest>;

export const ZUpdateWebhookRequest = z.object({
  url: ZWebhookUrl.optional(),
  events: ZWebhookEvents.optional(),
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
});
export type TUpdateWebhookRequest = z.input<typeof ZUpdateWebhookRequest>;

export const ZWebhook = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** 'failing' when the server switched it off after a day of failures. */
  disabled_reason: z.string().nullable(),
  failing_since: z.string().nullable(),
  created_at: z.string(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

export const ZCreatedWebhook = ZWebhook.extend({
  /** The signing secret (Standard Webhooks, `whsec_...`): shown once, here. */
  secret: z.string(),
});
export type TCreatedWebhook = z.infer<typeof ZCreatedWebhook>;

export const ZWebhooksResponse = z.object({ data: z.array(ZWebhook) });

export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  message_id: z.string(),
  type: z.string(),
  attempted_at: z.string(),
  status: z.enum(['success', 'failure']),
  response_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  body: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveriesResponse = z.object({
  data: z.array(ZWebhookDelivery),
  pagination: ZPagination,
});
export type TWebhookDeliveriesResponse = z.infer<typeof ZWebhookDeliveriesResponse>;

export const ZWebhookTestResponse = z.object({ message_id: z.string() });

export const ALERTS_MESSAGES = {
  webhookNotFound: 'Webhook not found',
  webhookUrlPrivate:
    'This URL points to a private, loopback or link-local address; webhooks go only to public addresses',
  webhookUrlUnresolvable: 'This URL’s host name could not be found',
  tooManyWebhooks: `A company may have at most ${WEBHOOK_ENDPOINTS_MAX} webhooks`,
  webhookOffForTest: 'Switch this webhook on to send a test event',
  eventsNotAllowed: 'Your role is not told of some of these events',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
  unsubscribed: 'You will no longer get Quantics e-mails from this company.',
} as const;

/** The body every webhook receives: `data` holds the event's payload, with `company_id`. */
export type TWebhookBody = { type: string; timestamp: string; data: Record<string, unknown> };

// ---- What each event's `data` holds (documented in the OpenAPI document's webhooks section) ----

const base = { company_id: z.number().int() };
const device = z.object({
  ...base,
  device_id: z.number().int(),
  name: z.string(),
  battery_level: z.number().int().nullable(),
});
const stock = z.object({
  ...base,
  product_id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  min_stock_level: z.number().int(),
  previous_quantity: z.number().int(),
});
/** A Dutchie company's package, from its snapshot. */
const packageStock = z.object({
  ...base,
  source: z.literal('dutchie'),
  package_id: z.string(),
  sku: z.string().nullable(),
  name: z.string(),
  quantity: z.number(),
  previous_state: z.enum(['in-stock', 'low-stock', 'out-of-stock']).describe('As the last snapshot told it'),
  low_stock_max: z.number().int().describe('A package is low at 1 to this many units'),
});
const stockOrPackage = z.union([stock, packageStock]);

/**
 * Each event type's payload, as stored in `events.payload` and sent as a webhook's `data`. The server writes events
 * only through its events repo, whose payload type is this (`TEventData`), and a test parses every stored payload.
 */
export const WEBHOOK_EVENT_DATA = {
  'audit.completed': z.object({
    ...base,
    audit_id: z.number().int(),
    name: z.string(),
    location: z.string().nullable(),
    device_name: z.string().nullable(),
    accuracy: z.number().int().describe('(expected - discrepancies) / expected x 100, rounded'),
    tags_found: z.number().int(),
    tags_expected: z.number().int(),
    expected_count: z.number().int(),
    discrepancies_count: z.number().int(),
    discrepancies_by_type: z.object({
      shortage: z.number().int(),
      overage: z.number().int(),
      misplaced: z.number().int(),
      unknown: z.number().int(),
    }),
    completed_at: z.string().nullable(),
  }),
  'audit.failed': z.object({
    ...base,
    audit_id: z.number().int(),
    name: z.string(),
    device_id: z.number().int().nullable(),
    device_name: z.string().nullable(),
    location_id: z.number().int().nullable(),
    started_at: z.string(),
    timeout_minutes: z.number().int(),
  }),
  'audit.review_requested': z.object({
    ...base,
    audit_id: z.number().int(),
    name: z.string(),
    location: z.string().nullable(),
    counted_by: z.string().nullable(),
    /** Lines over the company's count policy, waiting for an admin's decision. */
    lines_awaiting: z.number().int(),
    completed_at: z.string().nullable(),
  }),
  'device.offline': device.extend({ last_seen: z.string() }),
  'device.online': device,
  'device.battery_low': device,
  'inventory.stock_low': stockOrPackage,
  'inventory.out_of_stock': stockOrPackage,
  'inventory.import_completed': z.object({
    ...base,
    file_name: z.string(),
    created: z.number().int(),
    updated: z.number().int(),
    failed: z.number().int(),
    units: z.number().int(),
    by: z.string(),
  }),
  'print.job_failed': z.object({
    ...base,
    job_id: z.number().int(),
    product_name: z.string(),
    sku: z.string(),
    printer: z.string(),
    quantity: z.number().int(),
    error: z.string().nullable(),
  }),
  'count.overdue': z.object({
    ...base,
    plan_id: z.number().int(),
    plan_name: z.string(),
    location_id: z.number().int().nullable(),
    room: z.string().nullable(),
    name: z.string().describe("The location's path or the room's name"),
    due_on: z.string().describe("The day it was due, in the company's time zone (YYYY-MM-DD)"),
    last_counted_at: z.string().nullable(),
  }),
  'shipment.received': z.object({
    ...base,
    shipment_id: z.number().int(),
    reference: z.string(),
    supplier: z.string().nullable(),
    destination: z.string().nullable().describe("The destination location's name"),
    status: z.enum(['received', 'received_with_discrepancies']),
    units_expected: z.number().int(),
    units_received: z.number().int(),
    units_short: z.number().int(),
    units_over: z.number().int(),
    cartons_missing: z.number().int(),
    unknown_codes: z.number().int(),
    /** Lines over the count policy whose stock waits for approval (audit.review_requested follows). */
    lines_awaiting_approval: z.number().int().optional(),
    /** The receipt's count. */
    audit_id: z.number().int(),
  }),
} satisfies Record<TEventType, z.ZodType>;

/** What an event of `type` holds, `company_id` included. */
export type TEventData<T extends TEventType> = z.input<(typeof WEBHOOK_EVENT_DATA)[T]>;
