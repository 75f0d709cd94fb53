import { z } from 'zod';
import { PRINTER_NAME_MAX, ZPrinter } from './print.ts';

/**
 * The print utility's connection: a public protocol (installed utilities are not in this repo's release cycle),
 * so it is versioned. Version 1:
 *
 * 1. The utility gets a token once: it signs in (POST /api/auth/login), then POST /api/print/agents with that
 *    session returns a utility token, shown only once; the utility keeps it and ends the session.
 * 2. It opens a WebSocket to PRINT_AGENT_SOCKET_PATH with `Authorization: Bearer <utility token>`.
 * 3. Every message is one JSON object with a `type`. The utility says `hello` first, then `printers` now and every
 *    5 s; the server sends `print` jobs; the utility answers each with one `ack`. The server answers a message it
 *    cannot read with `error` and keeps the connection; a bad token gets HTTP 401 before the upgrade.
 * 4. POST /api/print/agent/logout with the utility token revokes it.
 *
 * Version 2 (utility 1.1) adds per-label printing, for serialized GS1 labels whose serials must be accounted for:
 *
 * 5. The utility says `hello { protocol: 2 }`. The server may then send `print_labels { jobId, printerName,
 *    labels }`: each entry of `labels` is one complete ZPL format, printed once, in order. After each label the
 *    utility sends `label { jobId, index, ok, error? }` (index from 0) once the printer took it (and says it can go
 *    on), and stops at the first failure; then the job's one `ack` as in version 1, `printed` counting the labels
 *    that went out. `print` jobs work as in version 1.
 * 6. The server never sends `print_labels` to a version 1 utility: a serialized job for one is refused before any
 *    serial is allocated (409, "update the print utility"), since it could not say which serials went out.
 *
 * Servers accept every protocol version from PRINT_PROTOCOL_MIN to PRINT_PROTOCOL_VERSION; fields added later are
 * optional, and unknown fields are ignored by both sides.
 */
export const PRINT_PROTOCOL_VERSION = 2;
/** The first protocol with per-label printing (`print_labels` and `label`). */
export const PRINT_PROTOCOL_PER_LABEL = 2;
export const PRINT_PROTOCOL_MIN = 1;
export const PRINT_AGENT_SOCKET_PATH = '/api/print/agent/socket';
/** Utility tokens start with this, so a leaked one is recognisable. */
export const PRINT_AGENT_TOKEN_PREFIX = 'qpu_';

const ZPrinters = z.array(ZPrinter).max(100);

export const ZAgentHello = z.object({
  type: z.literal('hello'),
  protocol: z.number().int(),
  agentVersion: z.string().max(50),
  hostname: z.string().max(200).optional(),
});
export const ZAgentPrinters = z.object({ type: z.literal('printers'), printers: ZPrinters });
export const ZAgentAck = z.object({
  type: z.literal('ack'),
  jobId: z.number().int().positive(),
  ok: z.boolean(),
  /** Labels the printer accepted. */
  printed: z.number().int().min(0),
  error: z.string().max(500).optional(),
});
/** Protocol 2: label `index` (from 0) of a `print_labels` job went out (ok) or failed (and the job stops there). */
export const ZAgentLabel = z.object({
  type: z.literal('label'),
  jobId: z.number().int().positive(),
  index: z.number().int().min(0),
  ok: z.boolean(),
  error: z.string().max(500).optional(),
});
export const ZAgentMessage = z.discriminatedUnion('type', [
  ZAgentHello,
  ZAgentPrinters,
  ZAgentAck,
  ZAgentLabel,
]);
export type TAgentMessage = z.infer<typeof ZAgentMessage>;
export type TAgentAck = z.infer<typeof ZAgentAck>;
export type TAgentLabel = z.infer<typeof ZAgentLabel>;

export const ZServerWelcome = z.object({
  type: z.literal('welcome'),
  protocol: z.number().int(),
  agentId: z.number().int(),
  agentName: z.string(),
  statusIntervalMs: z.number().int(),
});
/** One job: send `zpl` (one label) to `printerName`, `quantity` times, then ack. */
export const ZServerPrint = z.object({
  type: z.literal('print'),
  jobId: z.number().int().positive(),
  printerName: z.string().max(PRINTER_NAME_MAX),
  zpl: z.string(),
  quantity: z.number().int().positive(),
});
/** Protocol 2: print each format of `labels` once, in order, reporting each with `label`, then ack. */
export const ZServerPrintLabels = z.object({
  type: z.literal('print_labels'),
  jobId: z.number().int().positive(),
  printerName: z.string().max(PRINTER_NAME_MAX),
  labels: z.array(z.string()).min(1),
});
export const ZServerError = z.object({ type: z.literal('error'), message: z.string() });
export const ZServerMessage = z.discriminatedUnion('type', [
  ZServerWelcome,
  ZServerPrint,
  ZServerPrintLabels,
  ZServerError,
]);
export type TServerMessage = z.infer<typeof ZServerMessage>;
export type TServerPrint = z.infer<typeof ZServerPrint>;
export type TServerPrintLabels = z.infer<typeof ZServerPrintLabels>;
/** A job the relay carries to a utility: either kind. */
export const ZServerJob = z.discriminatedUnion('type', [ZServerPrint, ZServerPrintLabels]);
export type TServerJob = z.infer<typeof ZServerJob>;

/** POST /api/print/agents (signed in): a new utility token for the caller in their current company. */
export const ZCreatePrintAgentRequest = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(100, 'name must be at most 100 characters'),
});
export const ZCreatePrintAgentResponse = z.object({
  token: z.string(),
  agent: z.object({ id: z.number().int(), name: z.string() }),
});
export type TCreatePrintAgentResponse = z.infer<typeof ZCreatePrintAgentResponse>;

/** GET /api/print/agents: the caller's own signed-in utilities in this company. */
export const ZPrintAgent = z.object({
  id: z.number().int(),
  name: z.string(),
  hostname: z.string().nullable(),
  version: z.string().nullable(),
  connected: z.boolean(),
  last_seen: z.string().nullable(),
  created_at: z.string(),
});
export type TPrintAgent = z.infer<typeof ZPrintAgent>;
export const ZPrintAgentsResponse = z.array(ZPrintAgent);
