import type { TPrintAgent, TPrintJobsResponse } from '@quantics/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { printAgents } from '../db/schema/index.ts';
import { hashToken } from '../lib/crypto.ts';
import { bearer } from './factories.ts';
import { onlineUtility, type UtilityClient, utilityToken } from './print-utility.ts';
import type { Tenant } from './tenants.ts';
import type { TestApp } from './test-app.ts';

// Label printing's part of the isolation suite: A has a connected utility, a printed job and its own label size.

export const PRINT_NOT_COMPANY_DATA: Record<string, string> = {
  'POST /api/print/agent/logout': 'the utility token names its own utility',
  'GET /api/print/agent/socket': 'the utility token names its own utility, person and company',
};

const A_SIZE = { widthInches: 4, heightInches: 2, dpi: 300 };
const A_PREFIXES = ['0614141'];

/** Connects a utility for A's admin and prints A's product (SKU ISOA1) once; close the utility afterwards. */
export async function setUpPrinting(t: TestApp, a: Tenant): Promise<UtilityClient> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const as = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: bearer(a.admin.token), payload });
  expect((await as('PUT', '/api/print/label-settings', A_SIZE)).statusCode).toBe(200);
  expect((await as('PUT', '/api/print/gs1-prefixes', { prefixes: A_PREFIXES })).statusCode).toBe(200);
  const utility = await onlineUtility(t.app, await utilityToken(t.app, a.admin.token));
  const pending = as('POST', '/api/print/print', {
    quantity: 2,
    printerName: 'Zebra ZD621R',
    productInfo: { sku: 'ISOA1' },
  });
  const job = await utility.next('print');
  utility.send({ type: 'ack', jobId: job.jobId, ok: true, printed: 2 });
  expect((await pending).statusCode).toBe(200);
  return utility;
}

type Call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => Promise<{
  statusCode: number;
  json: () => unknown;
}>;
type Probe = (w: { a: Tenant; b: Tenant; aProductId: number }) => Promise<void>;

export function printProbes(t: () => TestApp, as: Call): Record<string, Probe> {
  const json = async (token: string, url: string) => (await as(token, 'GET', url)).json() as never;
  const aJobs = (w: { a: Tenant }) => json(w.a.admin.token, '/api/print/jobs') as Promise<TPrintJobsResponse>;
  return {
    'GET /api/print/status': async (w) => {
      expect(await json(w.b.admin.token, '/api/print/status')).toEqual({
        connected: false,
        printers: [],
        agents: [],
      });
      expect(await json(w.a.admin.token, '/api/print/status')).toMatchObject({ connected: true });
    },
    'POST /api/print/print': async (w) => {
      const before = await aJobs(w);
      const res = await as(w.b.admin.token, 'POST', '/api/print/print', {
        quantity: 1,
        printerName: 'Zebra ZD621R',
        productInfo: { sku: 'ISOA1' },
      });
      expect([res.statusCode, (res.json() as { message: string }).message]).toEqual([
        404,
        'Product not found',
      ]);
      expect(await aJobs(w)).toEqual(before);
    },
    'GET /api/print/jobs': async (w) => {
      const list = (await json(w.b.admin.token, '/api/print/jobs')) as TPrintJobsResponse;
      expect(list.data).toEqual([]);
      expect(list.pagination.totalItems).toBe(0);
      expect((await aJobs(w)).pagination.totalItems).toBe(1);
    },
    'GET /api/print/label-settings': async (w) => {
      expect(await json(w.b.admin.token, '/api/print/label-settings')).toEqual({
        widthInches: 2,
        heightInches: 1,
        dpi: 203,
      });
    },
    'PUT /api/print/label-settings': async (w) => {
      const res = await as(w.b.admin.token, 'PUT', '/api/print/label-settings', {
        widthInches: 3,
        heightInches: 1,
        dpi: 203,
      });
      expect(res.statusCode).toBe(200);
      expect(await json(w.a.admin.token, '/api/print/label-settings')).toEqual(A_SIZE);
    },
    'GET /api/print/gs1-prefixes': async (w) => {
      expect(await json(w.b.admin.token, '/api/print/gs1-prefixes')).toEqual({ prefixes: [] });
      expect(await json(w.a.admin.token, '/api/print/gs1-prefixes')).toEqual({ prefixes: A_PREFIXES });
    },
    'PUT /api/print/gs1-prefixes': async (w) => {
      const res = await as(w.b.admin.token, 'PUT', '/api/print/gs1-prefixes', { prefixes: ['0037000'] });
      expect(res.json()).toEqual({ prefixes: ['0037000'] });
      expect(await json(w.a.admin.token, '/api/print/gs1-prefixes')).toEqual({ prefixes: A_PREFIXES });
    },
    'GET /api/print/products/:id/serials': async (w) => {
      const foreign = await as(w.b.admin.token, 'GET', `/api/print/products/${w.aProductId}/serials`);
      const unknown = await as(w.b.admin.token, 'GET', '/api/print/products/999999/serials');
      expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: 'Product not found' }]);
      expect(foreign.json()).toEqual(unknown.json());
      const own = await as(w.a.admin.token, 'GET', `/api/print/products/${w.aProductId}/serials`);
      expect(own.statusCode).toBe(200);
    },
    'GET /api/print/agents': async (w) => {
      const aAgents = (await json(w.a.admin.token, '/api/print/agents')) as TPrintAgent[];
      expect(aAgents.map((a) => a.name)).toContain('Front desk PC');
      const bAgents = (await json(w.b.admin.token, '/api/print/agents')) as TPrintAgent[];
      for (const agent of bAgents) expect(aAgents.map((a) => a.id)).not.toContain(agent.id);
    },
    'DELETE /api/print/agents/:id': async (w) => {
      const [aAgent] = (await json(w.a.admin.token, '/api/print/agents')) as TPrintAgent[];
      const foreign = await as(w.b.admin.token, 'DELETE' as 'GET', `/api/print/agents/${aAgent?.id}`);
      const unknown = await as(w.b.admin.token, 'DELETE' as 'GET', '/api/print/agents/999999');
      expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: 'Print utility not found' }]);
      expect(foreign.json()).toEqual(unknown.json());
      expect(await json(w.a.admin.token, '/api/print/status')).toMatchObject({ connected: true });
    },
    'POST /api/print/agents': async (w) => {
      const res = await as(w.b.admin.token, 'POST', '/api/print/agents', { name: 'B desk' });
      const token = (res.json() as { token: string }).token;
      const [row] = await t()
        .database.db.select()
        .from(printAgents)
        .where(eq(printAgents.tokenHash, hashToken(token)));
      expect(row?.companyId).toBe(w.b.companyId);
      expect(await json(w.a.admin.token, '/api/print/status')).toMatchObject({ connected: true });
    },
  };
}
