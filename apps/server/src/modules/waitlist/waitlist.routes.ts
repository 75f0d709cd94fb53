import { WAITLIST_MESSAGES, ZErrorResponse, ZWaitlistRequest, ZWaitlistResponse } from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAddressPerHour } from '../../lib/rate-limit-store.ts';
import { joinWaitlist } from './waitlist.service.ts';

export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/waitlist',
    {
      config: perAddressPerHour(app.config.waitlistRateLimit),
      schema: {
        tags: ['waitlist'],
        body: ZWaitlistRequest,
        response: { 200: ZWaitlistResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => {
      await joinWaitlist(app.db, request.body);
      return { success: true as const, message: WAITLIST_MESSAGES.success };
    },
  );
};
