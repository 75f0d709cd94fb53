import {
  PASSWORD_RESET_MESSAGES,
  ZErrorResponse,
  ZForgotPasswordRequest,
  ZResetPasswordRequest,
  ZSuccessResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bruteForceGuardFor } from '../../lib/brute-force.ts';
import { createFailureCounter } from '../../lib/failure-counter.ts';
import { perAddressPerHour } from '../../lib/rate-limit-store.ts';
import { clientOf } from '../../lib/request-context.ts';
import * as service from './password-reset.service.ts';

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    counter: createFailureCounter(app),
    guard: bruteForceGuardFor(app),
    passwords: app.passwords,
  };

  app.post(
    '/api/auth/forgot-password',
    {
      config: perAddressPerHour(app.config.publicRateLimit),
      schema: {
        tags: ['auth'],
        body: ZForgotPasswordRequest,
        response: { 200: ZSuccessResponse, 400: ZErrorResponse },
      },
    },
    async (request) => {
      await service.requestPasswordReset(deps, request.body.email);
      return { success: true as const, message: PASSWORD_RESET_MESSAGES.linkSent };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: perAddressPerHour(app.config.publicRateLimit),
      schema: {
        tags: ['auth'],
        body: ZResetPasswordRequest,
        response: { 200: ZSuccessResponse, 400: ZErrorResponse },
      },
    },
    async (request) => {
      await service.resetPassword(deps, request.body.token, request.body.password, clientOf(request));
      return { success: true as const, message: PASSWORD_RESET_MESSAGES.success };
    },
  );
};
