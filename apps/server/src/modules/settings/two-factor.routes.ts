import {
  TWO_FACTOR_MESSAGES,
  ZBackupCodesResponse,
  ZDisableTwoFactorRequest,
  ZErrorResponse,
  ZRegenerateBackupCodesRequest,
  ZSuccessResponse,
  ZTwoFactorSetupResponse,
  ZTwoFactorStatus,
  ZVerifyTwoFactorRequest,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bruteForceGuardFor } from '../../lib/brute-force.ts';
import { clientOf, requireAuth } from '../../lib/request-context.ts';
import * as service from './two-factor.service.ts';
import { recordTwoFactorChange } from './two-factor-events.ts';

const errors = { 400: ZErrorResponse, 429: ZErrorResponse };

/** The signed-in user's own two-factor sign-in. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, box: app.box, passwords: app.passwords, guard: bruteForceGuardFor(app) };
  const events = { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl };
  const tags = ['settings'];

  app.get(
    '/api/settings/2fa/status',
    { schema: { tags, response: { 200: ZTwoFactorStatus } } },
    async (request) => service.getStatus(app.db, requireAuth(request).userId),
  );

  app.post(
    '/api/settings/2fa/setup',
    { schema: { tags, response: { 200: ZTwoFactorSetupResponse, ...errors } } },
    async (request) => service.startSetup(deps, requireAuth(request).userId),
  );

  app.post(
    '/api/settings/2fa/verify',
    { schema: { tags, body: ZVerifyTwoFactorRequest, response: { 200: ZBackupCodesResponse, ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      const result = await service.enable(deps, auth.userId, request.body.code);
      await recordTwoFactorChange(events, auth, clientOf(request), 'enabled');
      return result;
    },
  );

  app.post(
    '/api/settings/2fa/disable',
    { schema: { tags, body: ZDisableTwoFactorRequest, response: { 200: ZSuccessResponse, ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      await service.disable(deps, auth.userId, request.body);
      await recordTwoFactorChange(events, auth, clientOf(request), 'disabled');
      return { success: true as const, message: TWO_FACTOR_MESSAGES.disabled };
    },
  );

  app.post(
    '/api/settings/2fa/regenerate-codes',
    {
      schema: {
        tags,
        body: ZRegenerateBackupCodesRequest,
        response: { 200: ZBackupCodesResponse, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const result = await service.regenerateBackupCodes(deps, auth.userId, request.body.password);
      await recordTwoFactorChange(events, auth, clientOf(request), 'regenerated');
      return result;
    },
  );
};
