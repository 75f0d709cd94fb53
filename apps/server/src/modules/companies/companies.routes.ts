import {
  ZCompaniesResponse,
  ZCompany,
  ZCompanyNameRequest,
  ZCompanyStats,
  ZErrorResponse,
  ZIdParam,
  ZSwitchCompanyRequest,
  ZSwitchCompanyResponse,
  ZUpdateCompanyRequest,
  ZUserCompaniesResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf, requireAuth } from '../../lib/request-context.ts';
import * as service from './companies.service.ts';
import { companyStats } from './company-stats.ts';

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const notFound = { 404: ZErrorResponse };

  app.get(
    '/api/companies',
    { schema: { tags: ['companies'], response: { 200: ZCompaniesResponse } } },
    async (request) => service.listCompanies(app.db, requireAuth(request)),
  );

  app.get(
    '/api/companies/current',
    { schema: { tags: ['companies'], response: { 200: ZCompany, ...notFound } } },
    async (request) => service.currentCompany(app.db, requireAuth(request)),
  );

  app.post(
    '/api/companies',
    { schema: { tags: ['companies'], body: ZCompanyNameRequest, response: { 201: ZCompany } } },
    async (request, reply) =>
      reply.status(201).send(await service.createCompany(app.db, requireAuth(request), request.body.name)),
  );

  app.put(
    '/api/companies/:id',
    {
      schema: {
        tags: ['companies'],
        params: ZIdParam,
        body: ZUpdateCompanyRequest,
        response: { 200: ZCompany, 403: ZErrorResponse, ...notFound },
        description:
          'A new name and/or require_two_factor (admins). Requiring two-factor is refused (403) while the admin ' +
          'does not have it; once on, members without it can only set it up (every other call: 403 ' +
          '{ message, code: "two_factor_required" }).',
      },
    },
    async (request) =>
      service.updateCompany(app.db, requireAuth(request), request.params.id, request.body, clientOf(request)),
  );

  app.get(
    '/api/companies/:id/stats',
    { schema: { tags: ['companies'], params: ZIdParam, response: { 200: ZCompanyStats, ...notFound } } },
    async (request) => {
      const auth = requireAuth(request);
      service.assertCurrent(auth, request.params.id);
      return companyStats(app.db, auth.companyId);
    },
  );

  app.get(
    '/api/team/companies',
    { schema: { tags: ['companies'], response: { 200: ZUserCompaniesResponse } } },
    async (request) => service.listUserCompanies(app.db, requireAuth(request)),
  );

  app.post(
    '/api/team/switch-company',
    {
      schema: {
        tags: ['companies'],
        body: ZSwitchCompanyRequest,
        response: { 200: ZSwitchCompanyResponse, ...notFound },
      },
    },
    async (request) =>
      service.switchCompany(app.db, requireAuth(request), request.body.companyId, clientOf(request)),
  );
};
