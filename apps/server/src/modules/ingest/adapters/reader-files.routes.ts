import fastifyMultipart from '@fastify/multipart';
import {
  CSV_MESSAGES,
  READS_FILE_MESSAGES,
  textProblem,
  textProblemMessage,
  ZAuditImportFields,
  ZAuditImportResponse,
  ZErrorResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../../lib/app-error.ts';
import { requireAuth } from '../../../lib/request-context.ts';
import { importReads } from './reader-files.service.ts';

const FIELDS = ['location_id', 'room', 'name'] as const;

/**
 * POST /api/audits/import: a reader app's file of reads (multipart: `file`, and optional `location_id`, `room`,
 * `name`) becomes an audit, reconciled like any other. Files of reads are small (a line a tag), so the upload is read
 * into memory up to the import size limit, hashed and parsed there.
 */
export const auditImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = Math.round(app.config.importMaxMb * 1024 * 1024);
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 } });

  app.post(
    '/api/audits/import',
    {
      schema: {
        tags: ['audits'],
        consumes: ['multipart/form-data'],
        description:
          'Imports a file of reads (123RFID Mobile inventory CSV, any CSV with an EPC or tag column, or one EPC a ' +
          'line) as a completed audit of a location (or a Dutchie room). The same file again answers 200 with the ' +
          'audit it made and `duplicate: true`.',
        response: {
          200: ZAuditImportResponse,
          201: ZAuditImportResponse,
          400: ZErrorResponse,
          404: ZErrorResponse,
          413: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw badRequest(READS_FILE_MESSAGES.noFile);
      const fields: Record<string, string> = {};
      let file: { name: string; content: Buffer } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const content = await part.toBuffer();
            if (part.fieldname !== 'file') continue;
            file = { name: part.filename, content };
          } else if ((FIELDS as readonly string[]).includes(part.fieldname)) {
            const value = String(part.value ?? '');
            const problem = textProblem(value);
            if (problem) throw badRequest(textProblemMessage(part.fieldname, problem));
            fields[part.fieldname] = value;
          }
        }
      } catch (e) {
        const code = (e as { code?: string })?.code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, CSV_MESSAGES.tooLarge(app.config.importMaxMb));
        }
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
          throw badRequest(CSV_MESSAGES.oneFileAtATime);
        if (code?.startsWith('FST_')) throw badRequest(READS_FILE_MESSAGES.noFile);
        throw e;
      }
      if (!file) throw badRequest(READS_FILE_MESSAGES.noFile);
      const nameProblem = textProblem(file.name);
      if (nameProblem) throw badRequest(textProblemMessage('The file name', nameProblem));
      if (!/\.(csv|txt)$/i.test(file.name)) throw badRequest(READS_FILE_MESSAGES.notReadsFile);
      const parsedFields = ZAuditImportFields.safeParse(fields);
      if (!parsedFields.success) {
        throw badRequest(parsedFields.error.issues[0]?.message ?? READS_FILE_MESSAGES.noFile);
      }
      const result = await importReads(app.ingest, auth, {
        fileName: file.name,
        content: file.content,
        fields: parsedFields.data,
        maxRows: app.config.importMaxRows,
      });
      return reply.status(result.status).send(result.body);
    },
  );
};
