import { ZActivityQuery, ZActivityResponse } from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/request-context.ts';
import { recentActivity } from './activity.service.ts';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stats/activity',
    { schema: { tags: ['stats'], querystring: ZActivityQuery, response: { 200: ZActivityResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      return { recentActivity: await recentActivity(app.db, auth.companyId, request.query.limit) };
    },
  );
};
