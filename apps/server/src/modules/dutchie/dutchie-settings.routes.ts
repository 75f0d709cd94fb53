import {
  ZDutchieConnection,
  ZErrorResponse,
  ZReplaceDutchieKeyRequest,
  ZReplaceDutchieKeyResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/request-context.ts';
import { connection, replaceKey } from './dutchie-connection.service.ts';

/** The Settings card of a point-of-sale company (admins): where the key leads, the last sync, replacing the key. */
export const dutchieSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['point-of-sale'];
  app.get(
    '/api/settings/dutchie',
    { schema: { tags, response: { 200: ZDutchieConnection, 409: ZErrorResponse } } },
    async (request) => connection(app.dutchie, requireAuth(request)),
  );
  app.put(
    '/api/settings/dutchie',
    {
      schema: {
        tags,
        description: 'Replace the Dutchie API key (checked with Dutchie first; never returned)',
        body: ZReplaceDutchieKeyRequest,
        response: { 200: ZReplaceDutchieKeyResponse, 400: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) => replaceKey(app.dutchie, requireAuth(request), request.body.apiKey),
  );
};
