type PgError = { code?: string; constraint?: string; cause?: PgError };

/** Drizzle wraps the driver's error in `cause`; read the PostgreSQL fields from whichever level has them. */
function pgError(e: unknown): PgError | undefined {
  const err = e as PgError | undefined;
  if (err?.code && /^[0-9A-Z]{5}$/.test(err.code)) return err;
  return err?.cause?.code ? err.cause : undefined;
}

/** True when the error is a unique-constraint violation (optionally of the named index). */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const err = pgError(e);
  if (err?.code !== '23505') return false;
  return constraint === undefined || err.constraint === constraint;
}

/** True when a foreign key refused the change (a row still referenced, or a reference to a missing row). */
export const isForeignKeyViolation = (e: unknown): boolean => pgError(e)?.code === '23503';

/** True when PostgreSQL chose this transaction to end a deadlock (it may simply run again). */
export const isDeadlock = (e: unknown): boolean => pgError(e)?.code === '40P01';

/**
 * True for PostgreSQL's data exceptions (class 22): a value it cannot take, such as a NUL character (22021, 22P05),
 * a number out of range (22003), text too long (22001) or a bad date (22007, 22008).
 */
export const isDataException = (e: unknown): boolean => /^22/.test(pgError(e)?.code ?? '');

// Network errors of the driver, and PostgreSQL's own "going away / not ready": shutdown (57P01-57P03),
// connection failures (class 08), and the server closing a connection mid-query.
const UNAVAILABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|the database system is (starting up|shutting down|in recovery mode)|terminating connection/i;

/** True when the database could not be reached or dropped the connection: an outage, not a bug (503, not 500). */
export function isDatabaseUnavailable(e: unknown): boolean {
  for (let err = e as (PgError & { message?: string }) | undefined, depth = 0; err && depth < 5; depth++) {
    if (err.code && (UNAVAILABLE_CODES.has(err.code) || /^(08|57P0)/.test(err.code))) return true;
    if (typeof err.message === 'string' && UNAVAILABLE_MESSAGES.test(err.message)) return true;
    err = err.cause as typeof err;
  }
  return false;
}
