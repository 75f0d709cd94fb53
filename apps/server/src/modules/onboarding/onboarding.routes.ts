import { ZOnboarding } from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/request-context.ts';
import * as service from './onboarding.service.ts';

/** The dashboard's getting-started steps (issue 54): derived from the company's own rows, hidden by an admin. */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['onboarding'];

  app.get('/api/onboarding', { schema: { tags, response: { 200: ZOnboarding } } }, async (request) =>
    service.getOnboarding(app.db, requireAuth(request).companyId),
  );

  app.post('/api/onboarding/dismiss', { schema: { tags, response: { 200: ZOnboarding } } }, async (request) =>
    service.dismissOnboarding(app.db, requireAuth(request).companyId),
  );
};
