import {
  type TPlaceCounting,
  ZErrorResponse,
  ZIdParam,
  ZLocation,
  ZLocationKindsRequest,
  ZLocationRequest,
  ZLocationsResponse,
  ZSuccessResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { callerOf, requireAuth } from '../../lib/request-context.ts';
import * as locations from './locations.service.ts';

export type LocationsRoutesOptions = {
  /**
   * Each location's last count and when its plans next want it (count plans', handed in by app.ts: locations does not
   * import count plans, which import ingest, which checks locations).
   */
  counting: (db: Db, companyId: number, now: Date) => Promise<(locationId: number) => TPlaceCounting>;
};

/** The company's storage places (members read, operators and admins change them; see the access table). */
export const locationsRoutes: FastifyPluginAsyncZod<LocationsRoutesOptions> = async (app, options) => {
  const errors = { 400: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };
  const tags = ['locations'];

  app.get('/api/locations', { schema: { tags, response: { 200: ZLocationsResponse } } }, async (request) =>
    locations.listLocationsWithCounting(app.db, callerOf(request).companyId, (db, companyId) =>
      options.counting(db, companyId, new Date()),
    ),
  );

  app.get(
    '/api/locations/:id',
    { schema: { tags, params: ZIdParam, response: { 200: ZLocation, 404: ZErrorResponse } } },
    async (request) => locations.getLocation(app.db, callerOf(request).companyId, request.params.id),
  );

  app.post(
    '/api/locations',
    { schema: { tags, body: ZLocationRequest, response: { 201: ZLocation, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await locations.createLocation(app.db, requireAuth(request), request.body)),
  );

  app.post(
    '/api/locations/kinds',
    {
      schema: {
        tags,
        body: ZLocationKindsRequest,
        response: { 200: ZLocationsResponse, 400: ZErrorResponse },
      },
    },
    async (request) => locations.reviewKinds(app.db, requireAuth(request), request.body),
  );

  app.put(
    '/api/locations/:id',
    { schema: { tags, params: ZIdParam, body: ZLocationRequest, response: { 200: ZLocation, ...errors } } },
    async (request) =>
      locations.updateLocation(app.db, requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/api/locations/:id',
    { schema: { tags, params: ZIdParam, response: { 200: ZSuccessResponse, ...errors } } },
    async (request) => {
      await locations.deleteLocation(app.db, requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );
};
