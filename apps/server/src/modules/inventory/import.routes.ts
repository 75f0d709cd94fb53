import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import {
  CSV_MESSAGES,
  textProblem,
  textProblemMessage,
  ZErrorResponse,
  ZImportQuery,
  ZImportResult,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { requireAuth } from '../../lib/request-context.ts';
import { importCsv } from './inventory-import.service.ts';

/**
 * POST /api/inventory/bulk-upload: multipart, field `file`. The upload is first written to a temporary file (so a
 * slow client never holds a database transaction open), then parsed and imported in one transaction.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = Math.round(app.config.importMaxMb * 1024 * 1024);
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 } });

  app.post(
    '/api/inventory/bulk-upload',
    {
      schema: {
        tags: ['inventory'],
        querystring: ZImportQuery,
        consumes: ['multipart/form-data'],
        description:
          'Upserts products by SKU from a CSV file (form field `file`), one line per SKU and place: a SKU on ' +
          'several lines is one product kept in several places, described by its first line; each line sets the ' +
          "quantity at its place and leaves the product's other places as they are. Bad lines are reported, not " +
          'fatal; `summary.successful` and `summary.failed` count lines, `created` and `updated` products. ' +
          '`dryRun=true` checks the file and answers the same without writing anything.',
        response: { 200: ZImportResult, 400: ZErrorResponse, 413: ZErrorResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw badRequest(CSV_MESSAGES.noFile);
      const dir = await mkdtemp(join(tmpdir(), 'quantics-import-'));
      try {
        const file = await request.file().catch(translateMultipartError(maxBytes));
        if (file?.fieldname !== 'file') throw badRequest(CSV_MESSAGES.noFile);
        const nameProblem = textProblem(file.filename);
        if (nameProblem) {
          file.file.resume();
          throw badRequest(textProblemMessage('The file name', nameProblem));
        }
        if (!/\.csv$/i.test(file.filename)) {
          file.file.resume();
          throw badRequest(CSV_MESSAGES.notCsv);
        }
        const path = join(dir, 'upload.csv');
        await pipeline(file.file, createWriteStream(path)).catch(translateMultipartError(maxBytes));
        // A streamed file that hit the size limit is cut short rather than failing: refuse it whole.
        if (file.file.truncated) throw new AppError(413, CSV_MESSAGES.tooLarge(app.config.importMaxMb));
        return await importCsv(app.db, auth, createReadStream(path), {
          dryRun: request.query.dryRun,
          maxRows: app.config.importMaxRows,
          fileName: file.filename,
        });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
};

/** The multipart library's limit errors, in words a person can act on. */
const translateMultipartError = (maxBytes: number) => (e: unknown) => {
  const code = (e as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    throw new AppError(413, CSV_MESSAGES.tooLarge(maxBytes / 1024 / 1024));
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    throw badRequest(CSV_MESSAGES.oneFileAtATime);
  }
  if (code?.startsWith('FST_')) throw badRequest(CSV_MESSAGES.noFile);
  throw e;
};
