import { z } from 'zod';
import { INVENTORY_TYPES, ROLES } from './roles.ts';

/**
 * The messages any route may answer with, whatever its feature: the error handler's, the access checks', the
 * request limits'. Feature messages live in their feature's catalogue (AUTH_MESSAGES, PRINT_MESSAGES...).
 */
export const API_MESSAGES = {
  authRequired: 'Authentication required',
  forbidden: 'You do not have permission to do this',
  /** What a too-weak role hears, naming who may do it. */
  adminOnly: 'Only admins can do this. Ask an admin of your company if you need it.',
  operatorOnly: 'Only operators and admins can do this. Ask an admin of your company if you need it.',
  memberOnly: 'You need to be a member of this company to do this.',
  notFound: 'Not found',
  invalidRequest: 'Invalid request',
  badRequest: 'Bad request',
  notAnObject: (part: string) => `Request ${part} must be a JSON object`,
  bodyNotJson: 'Request body is not valid JSON',
  bodyEmpty: 'Request body is empty',
  bodyTooLarge: 'Request body is too large',
  unsupportedContentType: 'Unsupported content type',
  invalidContentLength: 'Invalid content length',
  tooManyRequests: 'Too many requests. Please try again later.',
  /** A value PostgreSQL refused that the contracts should have refused first (logged as a bug). */
  valueCannotBeStored: 'The request contains a value that cannot be stored',
  databaseUnavailable: 'The database is unavailable. Please try again in a moment.',
  restarting: 'The portal is restarting. Please try again in a moment.',
  /** /api/ready's 503: the instance should get no traffic now (its `missing` says why). */
  notReady: 'This instance is not ready to serve requests.',
  /** /metrics without the METRICS_TOKEN bearer. */
  metricsTokenRequired: 'A valid metrics token is required',
  internalError: 'Internal error',
} as const;

/** Every error body the API sends: one human-readable message. */
export const ZErrorResponse = z.object({
  message: z.string(),
  /** A machine-readable reason, when a client must act on it (e.g. 'two_factor_required'). */
  code: z.string().optional(),
  /**
   * The input the message is about, as the path of the field in the request (`approval_units`, `lines.0.quantity`),
   * so a form shows the message beside that field instead of reading it out of the text.
   */
  field: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZSuccessResponse = z.object({ success: z.literal(true), message: z.string().optional() });
export type TSuccessResponse = z.infer<typeof ZSuccessResponse>;

export const ZHealthResponse = z.object({ status: z.literal('ok') });

/** What /api/ready checks: each part that must answer for the instance to take traffic. */
export const READY_PARTS = ['database', 'redis', 'shutdown'] as const;

/** /api/ready's 200: the database answers, and Redis too when configured ('off' when it is not). */
export const ZReadyResponse = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  redis: z.enum(['ok', 'off']),
});
/** /api/ready's 503: what is missing ('shutdown': a graceful shutdown has begun). */
export const ZNotReadyResponse = z.object({ message: z.string(), missing: z.array(z.enum(READY_PARTS)) });
export type TNotReadyResponse = z.infer<typeof ZNotReadyResponse>;

export * from './roles.ts';

export const ZRole = z.enum(ROLES);
export const ZInventoryType = z.enum(INVENTORY_TYPES);

/** Lowercased, trimmed email: the one form we store and compare. */
export const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(255, 'Email must be at most 255 characters')
  .pipe(z.email('Please enter a valid email address'));

/** Ids are PostgreSQL integers: anything past 2^31-1 is not an id (and must not reach the database). */
export const ZIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
