import { API_MESSAGES } from '@quantics/contracts';

/** The one error type services throw; the error handler turns it into `{ message }` with this status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Fields sent beside `message` (e.g. the missing batch numbers of an audit, a poll interval). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string = API_MESSAGES.notFound) => new AppError(404, what);
export const forbidden = (what: string = API_MESSAGES.forbidden) => new AppError(403, what);
export const unauthorized = (what: string = API_MESSAGES.authRequired) => new AppError(401, what);
export const badRequest = (what: string, extra?: Record<string, unknown>) => new AppError(400, what, extra);
export const conflict = (what: string, extra?: Record<string, unknown>) => new AppError(409, what, extra);
