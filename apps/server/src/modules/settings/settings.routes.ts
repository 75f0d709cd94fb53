import {
  SETTINGS_MESSAGES,
  ZAppearance,
  ZChangePasswordRequest,
  ZErrorResponse,
  ZOnboardingStatus,
  ZProfile,
  ZSuccessResponse,
  ZUpdateProfileRequest,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bruteForceGuardFor } from '../../lib/brute-force.ts';
import { clientOf, requireAuth } from '../../lib/request-context.ts';
import * as service from './settings.service.ts';

/** The signed-in user's own account: profile, password, appearance, onboarding. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    box: app.box,
    passwords: app.passwords,
    guard: bruteForceGuardFor(app),
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
  };
  const tags = ['settings'];

  app.get('/api/settings/profile', { schema: { tags, response: { 200: ZProfile } } }, async (request) =>
    service.getProfile(app.db, requireAuth(request)),
  );

  app.put(
    '/api/settings/profile',
    {
      schema: {
        tags,
        body: ZUpdateProfileRequest,
        response: { 200: ZProfile, 400: ZErrorResponse, 403: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) => service.updateProfile(deps, requireAuth(request), request.body),
  );

  app.put(
    '/api/settings/password',
    {
      schema: {
        tags,
        body: ZChangePasswordRequest,
        response: { 200: ZSuccessResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => {
      await service.changePassword(deps, requireAuth(request), request.body, clientOf(request));
      return { success: true as const, message: SETTINGS_MESSAGES.passwordChanged };
    },
  );

  app.put(
    '/api/settings/appearance',
    { schema: { tags, body: ZAppearance, response: { 200: ZAppearance, 400: ZErrorResponse } } },
    async (request) => service.setTheme(app.db, requireAuth(request).userId, request.body.theme),
  );

  app.get(
    '/api/settings/onboarding/status',
    { schema: { tags, response: { 200: ZOnboardingStatus } } },
    async (request) => service.getOnboardingStatus(app.db, requireAuth(request).userId),
  );

  app.post(
    '/api/settings/onboarding/complete',
    { schema: { tags, response: { 200: ZOnboardingStatus } } },
    async (request) => service.completeOnboarding(app.db, requireAuth(request).userId),
  );
};
