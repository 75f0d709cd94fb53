import {
  ZErrorResponse,
  ZIdParam,
  ZInviteRequest,
  ZRevokeSessionsResponse,
  ZSuccessResponse,
  ZTeamMember,
  ZTeamMembersResponse,
  ZTwoFactorRemindersResponse,
  ZUpdateMemberRoleRequest,
} from '@quantics/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf, requireAuth } from '../../lib/request-context.ts';
import * as invitations from './invitation.service.ts';
import * as team from './team.service.ts';
import { sendTwoFactorReminders } from './two-factor-reminders.ts';

/** Team management (admins, per the access table). Member rows use user ids; invitation rows invitation ids. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl };
  const errors = { 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 429: ZErrorResponse };
  // Every invitation is an email from our server: a company may send only so many an hour, however many
  // admins it has (the auth hook has run by now, so the company is known).
  const inviteMailLimit = {
    max: app.config.inviteRateLimit,
    timeWindow: '1 hour',
    keyGenerator: (request: FastifyRequest) => `company:${request.auth?.companyId ?? request.ip}`,
  };

  app.get(
    '/api/team/members',
    { schema: { tags: ['team'], response: { 200: ZTeamMembersResponse } } },
    async (request) => team.listTeam(app.db, requireAuth(request).companyId),
  );

  app.post(
    '/api/team/invite',
    {
      config: { rateLimit: inviteMailLimit },
      schema: { tags: ['team'], body: ZInviteRequest, response: { 201: ZTeamMember, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await invitations.invite(deps, requireAuth(request), request.body)),
  );

  app.put(
    '/api/team/members/:id',
    {
      schema: {
        tags: ['team'],
        params: ZIdParam,
        body: ZUpdateMemberRoleRequest,
        response: { 200: ZTeamMember, ...errors },
      },
    },
    async (request) =>
      team.changeRole(app.db, requireAuth(request), request.params.id, request.body.role, clientOf(request)),
  );

  app.delete(
    '/api/team/members/:id',
    { schema: { tags: ['team'], params: ZIdParam, response: { 200: ZSuccessResponse, ...errors } } },
    async (request) => {
      await team.removeMember(app.db, requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/team/resend-invite/:id',
    {
      config: { rateLimit: inviteMailLimit },
      schema: {
        tags: ['team'],
        params: ZIdParam,
        response: { 200: ZTeamMember, 404: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => invitations.resend(deps, requireAuth(request), request.params.id),
  );

  app.delete(
    '/api/team/invitations/:id',
    {
      schema: { tags: ['team'], params: ZIdParam, response: { 200: ZSuccessResponse, 404: ZErrorResponse } },
    },
    async (request) => {
      await invitations.revoke(app.db, requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );
  app.post(
    '/api/team/members/:id/sign-out',
    {
      schema: {
        tags: ['team'],
        params: ZIdParam,
        response: { 200: ZRevokeSessionsResponse, 403: ZErrorResponse, 404: ZErrorResponse },
        description:
          'Ends every session and print utility of the member in this company (a lost phone) without removing them.',
      },
    },
    async (request) => team.signOutMember(app.db, requireAuth(request), request.params.id, clientOf(request)),
  );
  app.post(
    '/api/team/two-factor-reminders',
    {
      config: { rateLimit: inviteMailLimit },
      schema: {
        tags: ['team'],
        response: { 200: ZTwoFactorRemindersResponse, 409: ZErrorResponse, 429: ZErrorResponse },
        description: 'Emails every active member without two-factor a reminder to set it up.',
      },
    },
    async (request) => sendTwoFactorReminders(deps, requireAuth(request)),
  );
};
