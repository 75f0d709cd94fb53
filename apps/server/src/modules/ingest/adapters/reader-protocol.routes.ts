import {
  READER_PROTOCOL_TAG,
  READS_PER_BATCH_MAX,
  ZAudit,
  ZAuditPathParam,
  ZCompleteAuditRequest,
  ZErrorResponse,
  ZHeartbeatRequest,
  ZHeartbeatResponse,
  ZJoinCountResponse,
  ZMissingBatches,
  ZOpenCountsResponse,
  ZPairingPaired,
  ZPairingPending,
  ZPairingPollRequest,
  ZPairingStartRequest,
  ZPairingStartResponse,
  ZPollTooFast,
  ZReaderBusy,
  ZReadsRequest,
  ZReadsResponse,
  ZStartAuditRequest,
  ZStartAuditResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAddressPerHour } from '../../../lib/rate-limit-store.ts';
import { requireDevice } from '../../../lib/request-context.ts';
import { heartbeat } from '../../devices/heartbeat.service.ts';
import { pairingDeps, pollPairing, startPairing } from '../../devices/pairing.service.ts';
import { completeAudit } from '../audit-lifecycle.service.ts';
import { joinCount, openCounts } from '../team-counts.service.ts';
import { ingestBatch, startAudit } from './reader-protocol.service.ts';

const tags = [READER_PROTOCOL_TAG];
const deviceSecurity = [{ deviceToken: [] }];

/**
 * The reader protocol (version 1), used by reader firmware outside this repo: keep every path, field and status
 * as documented in the README's "Reader protocol" section.
 */
export const readerRoutes: FastifyPluginAsyncZod = async (app) => {
  const pairing = pairingDeps(app);
  const ingest = app.ingest;

  app.post(
    '/api/rfid/register/start',
    {
      config: perAddressPerHour(app.config.pairingRateLimit),
      schema: {
        tags,
        security: [],
        description: 'A reader asks to pair. Show `code`; poll with `pairing_id` and `poll_secret`.',
        body: ZPairingStartRequest,
        response: { 201: ZPairingStartResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await startPairing(pairing, request.body)),
  );

  app.post(
    '/api/rfid/register/poll',
    {
      config: perAddressPerHour(app.config.pairingPollRateLimit),
      schema: {
        tags,
        security: [],
        description:
          '202 pending until a person confirms the code, then once 200 with the device token; 410 afterwards and after expiry; 429 when polling faster than `interval` seconds.',
        body: ZPairingPollRequest,
        response: {
          200: ZPairingPaired,
          202: ZPairingPending,
          404: ZErrorResponse,
          410: ZErrorResponse,
          // Polling one pairing too fast (with its interval), or this address over its limit.
          429: ZPollTooFast.or(ZErrorResponse),
        },
      },
    },
    async (request, reply) => {
      const result = await pollPairing(pairing, request.body);
      return reply.status(result.status === 'pending' ? 202 : 200).send(result);
    },
  );

  app.post(
    '/api/rfid/heartbeat',
    {
      schema: {
        tags,
        security: deviceSecurity,
        body: ZHeartbeatRequest,
        response: { 200: ZHeartbeatResponse, 401: ZErrorResponse },
      },
    },
    async (request) => heartbeat(app.db, requireDevice(request), request.body),
  );

  app.post(
    '/api/rfid/audits',
    {
      schema: {
        tags,
        security: deviceSecurity,
        description:
          '201 for a new audit; 200 with the same audit when this client_audit_id was seen before. A company ' +
          'whose stock is in Dutchie audits a room (room) or the whole store against its Dutchie quantities. A ' +
          'reader in another open count is 409 naming it (open_audit_id): resume it, or finish it first.',
        body: ZStartAuditRequest,
        response: {
          200: ZStartAuditResponse,
          201: ZStartAuditResponse,
          400: ZErrorResponse,
          404: ZErrorResponse,
          409: ZReaderBusy,
          502: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { created, ...audit } = await startAudit(ingest, requireDevice(request), request.body);
      return reply.status(created ? 201 : 200).send(audit);
    },
  );

  app.get(
    '/api/rfid/audits/open',
    {
      schema: {
        tags,
        security: deviceSecurity,
        description:
          "The company's counts in progress, newest first, with the readers counting in each: to join one.",
        response: { 200: ZOpenCountsResponse, 401: ZErrorResponse },
      },
    },
    async (request) => openCounts(app.db, app.audits, requireDevice(request).companyId),
  );

  app.post(
    '/api/rfid/audits/:audit_id/join',
    {
      schema: {
        tags,
        security: deviceSecurity,
        description:
          'This reader joins a count in progress: its batches then go to that count, numbered from 0 for this reader, ' +
          'and its complete finishes its part. Joining again answers the same, with next_batch_seq (a reader that lost ' +
          'what it kept goes on from there); a reader in another open count is 409 naming it (open_audit_id).',
        params: ZAuditPathParam,
        response: { 200: ZJoinCountResponse, 404: ZErrorResponse, 409: ZReaderBusy },
      },
    },
    async (request) => joinCount(ingest, requireDevice(request), request.params.audit_id),
  );

  app.post(
    '/api/rfid/audits/:audit_id/reads',
    {
      // 5,000 reads with TIDs and times are about 700 KB of JSON.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        security: deviceSecurity,
        description: `At most ${READS_PER_BATCH_MAX} reads a batch. The same batch_seq again is answered alike and stored once.`,
        params: ZAuditPathParam,
        body: ZReadsRequest,
        response: { 200: ZReadsResponse, 404: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) =>
      ingestBatch(
        ingest,
        requireDevice(request),
        request.params.audit_id,
        request.body.batch_seq,
        request.body.reads,
      ),
  );

  app.post(
    '/api/rfid/audits/:audit_id/complete',
    {
      schema: {
        tags,
        security: deviceSecurity,
        description:
          "This reader's part is done once its batches 0..batch_count-1 have all arrived (409 lists the missing " +
          'batch_seqs); the audit is reconciled when no other reader of the count is still counting (a count of one ' +
          'reader: at once). Completing again answers the same audit.',
        params: ZAuditPathParam,
        body: ZCompleteAuditRequest,
        response: { 200: ZAudit, 404: ZErrorResponse, 409: ZMissingBatches },
      },
    },
    async (request) =>
      completeAudit(ingest, requireDevice(request), request.params.audit_id, request.body.batch_count),
  );
};
