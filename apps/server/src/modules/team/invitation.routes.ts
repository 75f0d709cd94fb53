import {
  ZAcceptInviteRequest,
  ZAcceptInviteResponse,
  ZErrorResponse,
  ZInviteInfo,
  ZInviteInfoQuery,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bruteForceGuardFor } from '../../lib/brute-force.ts';
import { perAddressPerHour } from '../../lib/rate-limit-store.ts';
import { clientOf } from '../../lib/request-context.ts';
import { acceptInvitation, invitationInfo } from './invitation-accept.service.ts';

/** The invitation link's side: public, the token itself is the credential. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, box: app.box, passwords: app.passwords, guard: bruteForceGuardFor(app) };
  const errors = { 404: ZErrorResponse, 409: ZErrorResponse, 410: ZErrorResponse };

  app.get(
    '/api/team/invite-info',
    {
      schema: { tags: ['team'], querystring: ZInviteInfoQuery, response: { 200: ZInviteInfo, ...errors } },
    },
    async (request) => invitationInfo(app.db, request.query.token),
  );

  app.post(
    '/api/team/accept-invite',
    {
      config: perAddressPerHour(app.config.publicRateLimit),
      schema: {
        tags: ['team'],
        body: ZAcceptInviteRequest,
        response: { 200: ZAcceptInviteResponse, 400: ZErrorResponse, 403: ZErrorResponse, ...errors },
      },
    },
    // A bearer token, when sent, means "accept for the account I am signed in with".
    async (request) => acceptInvitation(deps, request.auth, request.body, clientOf(request)),
  );
};
