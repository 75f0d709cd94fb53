import { findTextProblem, jsonTextIsClean, multilinePaths, scannedCodePaths } from '@quantics/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { badRequest } from '../lib/app-error.ts';

type RouteSchema = { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
type Paths = { body: string[]; query: string[]; params: string[] };
/** Per part of a request: its multi-line fields, and its scanned codes (GS allowed). */
type Allowances = { multilines: Paths; codes: Paths };
const NONE: Paths = { body: [], query: [], params: [] };

/**
 * The contracts' text rule (packages/contracts/src/text.ts) at the boundary, for every route: any string in the
 * JSON body, the query string or the path parameters (keys included) that carries a control character, a
 * bidirectional override or an unpaired surrogate is refused with a 400 naming the field, before the route's
 * schema or handler sees it. Multipart fields are checked where they are read (the CSV import). A JSON body whose
 * raw text holds no escape and no suspect character is known clean from that one scan (Fastify's own JSON parser
 * still parses it), so a reader's batch of thousands of strings is not walked.
 */
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  const byRoute = new WeakMap<object, Allowances>();
  const pathsOf = (schema: RouteSchema, marked: (s: z.ZodType | undefined) => string[]): Paths => ({
    body: marked(schema.body),
    query: marked(schema.querystring),
    params: marked(schema.params),
  });
  const allowancesOf = (schema: RouteSchema | undefined): Allowances => {
    if (!schema) return { multilines: NONE, codes: NONE };
    let found = byRoute.get(schema);
    if (!found) {
      found = { multilines: pathsOf(schema, multilinePaths), codes: pathsOf(schema, scannedCodePaths) };
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
    const { multilines, codes } = allowancesOf(request.routeOptions.schema as RouteSchema | undefined);
    const problem =
      findTextProblem(request.params, multilines.params, codes.params) ??
      findTextProblem(request.query, multilines.query, codes.query) ??
      (cleanBodies.has(request) ? undefined : findTextProblem(request.body, multilines.body, codes.body));
    if (problem) throw badRequest(problem);
  });
});
