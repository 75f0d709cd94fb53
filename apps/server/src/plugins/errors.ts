import { channel } from 'node:diagnostics_channel';
import { API_MESSAGES } from '@quantics/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { isDatabaseUnavailable, isDataException } from '../lib/pg-errors.ts';

type ValidationIssue = { instancePath?: string; message?: string };

/** The dotted path of the input the first issue is about ('' for the whole body or query). */
const issuePath = (issue: ValidationIssue | undefined) =>
  (issue?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');

/** Zod's own messages are generic; name the field so the caller knows which one. Our messages stand as written. */
function validationMessage(issues: ValidationIssue[], context: string): string {
  const first = issues[0];
  if (!first) return API_MESSAGES.invalidRequest;
  const path = issuePath(first);
  const message = first.message ?? 'Invalid value';
  if (!path) {
    return /^Invalid input/.test(message) ? API_MESSAGES.notAnObject(context) : message;
  }
  return /^(Invalid|Too (big|small)|Unrecognized)/.test(message) ? `${path}: ${message}` : message;
}

const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: API_MESSAGES.bodyNotJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: API_MESSAGES.bodyEmpty,
  FST_ERR_CTP_BODY_TOO_LARGE: API_MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: API_MESSAGES.unsupportedContentType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: API_MESSAGES.invalidContentLength,
};

/** Told of every unhandled error answered 500 (the test suites subscribe: a 500 fails the test that caused it). */
export const unhandledErrors = channel('quantics:unhandled-error');
export type UnhandledError = { method: string; url: string; error: unknown };

/** One place turns every failure into `{ message }`: known errors keep their status, the rest are 500 without details. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ ...error.extra, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation as ValidationIssue[];
      const message = validationMessage(issues, error.validationContext ?? 'body');
      // The field it is about, structured: a form puts the message beside it (ZErrorResponse.field).
      const field = issuePath(issues[0]);
      return reply.status(400).send({ message, ...(field && { field }) });
    }
    if (error.code && CLIENT_ERRORS[error.code]) {
      return reply.status(error.statusCode ?? 400).send({ message: CLIENT_ERRORS[error.code] });
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting or unreachable: say so at once (the pool gives up connecting after 5 s) and let the
      // caller retry; the pool reconnects by itself when it is back. Logged at warn: an outage, not a bug.
      request.log.warn({ err: error.message, reqId: request.id }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: API_MESSAGES.databaseUnavailable });
    }
    if (isDataException(error)) {
      // The last line of defence: a value PostgreSQL refused (a character it cannot hold, a number out of range,
      // text too long, a bad date) that the contracts should have refused first. The caller sent bad input, so
      // 400, nothing changed (the statement failed); logged at error level because it is a bug to fix here.
      request.log.error({ err: error, reqId: request.id }, 'data exception reached the database');
      return reply.status(400).send({ message: API_MESSAGES.valueCannotBeStored });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message || API_MESSAGES.badRequest });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    if (unhandledErrors.hasSubscribers) {
      unhandledErrors.publish({ method: request.method, url: request.url, error } satisfies UnhandledError);
    }
    return reply.status(500).send({ message: API_MESSAGES.internalError });
  });
});
