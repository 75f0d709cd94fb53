import {
  ZErrorResponse,
  ZMetrcConnection,
  ZMetrcSyncResult,
  ZSaveMetrcKeyRequest,
  ZSaveMetrcKeyResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/request-context.ts';
import { metrcConnection, saveMetrcKey, syncNow } from './metrc-settings.service.ts';

/** The Metrc card of a Dutchie company's Settings (admins): the license, the last sync, saving the key, syncing now. */
export const metrcSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['point-of-sale'];
  app.get(
    '/api/settings/metrc',
    { schema: { tags, response: { 200: ZMetrcConnection, 409: ZErrorResponse } } },
    async (request) => metrcConnection(app.dutchie, requireAuth(request)),
  );
  app.put(
    '/api/settings/metrc',
    {
      schema: {
        tags,
        description: 'Store the Metrc user API key and license (checked with Metrc first; never returned)',
        body: ZSaveMetrcKeyRequest,
        response: { 200: ZSaveMetrcKeyResponse, 400: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) => saveMetrcKey(app.dutchie, requireAuth(request), request.body),
  );
  app.post(
    '/api/settings/metrc/sync',
    {
      schema: {
        tags,
        description: "Read the license's incoming Metrc manifests now into expected shipments",
        response: { 200: ZMetrcSyncResult, 409: ZErrorResponse },
      },
    },
    async (request) => syncNow(app.dutchie, requireAuth(request)),
  );
};
