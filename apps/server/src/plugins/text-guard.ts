import { findTextProblem, jsonTextIsClean, multilinePaths } from '@quantics/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { badRequest } from '../lib/app-error.ts';

type RouteSchema = { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
type Multilines = { body: string[]; query: string[]; params: string[] };

/**
 * The contracts' text rule (packages/contracts/src/text.ts) at the boundary, for every route: any string in the
 * JSON body, the query string or the path parameters (keys included) that carries a control character, a
 * bidirectional override or an unpaired surrogate is refused with a 400 naming the field, before the route's
 * schema or handler sees it. Multipart fields are checked where they are read (the CSV import). A JSON body whose
 * raw text holds no escape and no suspect character is known clean from that one scan (Fastify's own JSON parser
 * still parses it), so a reader's batch of thousands of strings is not walked.
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

  const cleanBodies = new WeakSet<FastifyRequest>();
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    if (jsonTextIsClean(raw as string)) cleanBodies.add(request);
    parseJson(request, raw as string, done);
  });

  app.addHook('preValidation', async (request) => {
    const multilines = multilinesOf(request.routeOptions.schema as RouteSchema | undefined);
    const problem =
      findTextProblem(request.params, multilines.params) ??
      findTextProblem(request.query, multilines.query) ??
      (cleanBodies.has(request) ? undefined : findTextProblem(request.body, multilines.body));
    if (problem) throw badRequest(problem);
  });
});
