import fastifyMultipart from '@fastify/multipart';
import { CSV_MESSAGES } from '@quantics/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from './app-error.ts';

/**
 * One file sent as multipart form field `file` (a CSV import): the plugin registered in the routes' own scope with
 * its size limit, and the file read whole. No file, another field or a JSON body is 400; past the limit, 413.
 */
export async function acceptFileUploads(app: FastifyInstance, maxMegabytes: number): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxMegabytes * 1024 * 1024, files: 1, fields: 5, parts: 10 },
  });
}

export async function uploadedFile(request: FastifyRequest, maxMegabytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(CSV_MESSAGES.noFile);
  const file = await request.file().catch(() => {
    throw badRequest(CSV_MESSAGES.noFile);
  });
  if (file?.fieldname !== 'file') throw badRequest(CSV_MESSAGES.noFile);
  return file.toBuffer().catch((e: { code?: string }) => {
    if (e?.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, CSV_MESSAGES.tooLarge(maxMegabytes));
    throw badRequest(CSV_MESSAGES.noFile);
  });
}
