import { findTextProblem, multilinePaths } from '@quantics/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { badRequest } from '../lib/app-error.ts';

type RouteSchema = { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
type Multilines = { body: string[]; query: string[]; params: string[] };

/**
 * The contracts' text rule (packages/contracts/src/text.ts) at the boundary, for every route: any string in the
 * JSON body, the query string or the path parameters (keys included) that carries a control character, a
 * bidirectional override or an unpaired surrogate is refused with a 400 naming the field, before the route's
 * schema or handler sees it. Multipart fields are checked where they are read (the CSV import).
 */
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  const byRoute = new WeakMap<object, Multilines>();
  const multilinesOf = (schema: RouteSchema | undefined): Multilines => {
    if (!schema) return { body: [], query: [], params: [] };
    let found = byRoute.get(schema);
    if (!found) {
      found = {
        body: multilinePaths(schema.body),
        query: multilinePaths(schema.querystring),
        params: multilinePaths(schema.params),
      };
      byRoute.set(schema, found);
    }
    return found;
  };

  app.addHook('preValidation', async (request) => {
    const multilines = multilinesOf(request.routeOptions.schema as RouteSchema | undefined);
    const problem =
      findTextProblem(request.params, multilines.params) ??
      findTextProblem(request.query, multilines.query) ??
      findTextProblem(request.body, multilines.body);
    if (problem) throw badRequest(problem);
  });
});
