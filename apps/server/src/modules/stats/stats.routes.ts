import {
  ZActivityStats,
  ZDashboardStats,
  ZErrorResponse,
  ZExpiringItem,
  ZInventoryStats,
  ZLowStockItem,
  ZQuickStats,
  ZTopProduct,
  ZTopProductsQuery,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/request-context.ts';
import { dutchieStock } from './dutchie-stock.ts';
import * as stats from './stats.service.ts';

/**
 * The dashboard's figures (members read them). The inventory ones come from the local catalogue, or for a
 * point-of-sale company from its Dutchie snapshot. GET /api/stats/activity lives in the activity module.
 */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.audits, cache: app.dashboard };
  const tags = ['stats'];
  const local = stats.localStock(deps);
  const pointOfSale = dutchieStock(app.dutchie);
  const company = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).companyId;
  /** The inventory figures of the caller's company: its catalogue, or its Dutchie point-of-sale. */
  const stock = (request: Parameters<typeof requireAuth>[0]) => {
    const auth = requireAuth(request);
    return { companyId: auth.companyId, figures: auth.inventoryType === 'dutchie' ? pointOfSale : local };
  };
  const errors = { 409: ZErrorResponse, 502: ZErrorResponse, 503: ZErrorResponse };

  app.get(
    '/api/stats/dashboard',
    { schema: { tags, querystring: ZTopProductsQuery, response: { 200: ZDashboardStats } } },
    async (request) => {
      const { companyId, figures } = stock(request);
      return stats.dashboard(deps, companyId, request.query.days, figures);
    },
  );
  app.get(
    '/api/stats/dashboard-quick',
    { schema: { tags, response: { 200: ZQuickStats } } },
    async (request) => stats.quickStats(deps, company(request)),
  );
  app.get(
    '/api/stats/dashboard-inventory',
    { schema: { tags, response: { 200: ZInventoryStats, ...errors } } },
    async (request) => {
      const { companyId, figures } = stock(request);
      return { inventory: await figures.inventory(companyId) };
    },
  );
  app.get(
    '/api/stats/dashboard-low-stock',
    { schema: { tags, response: { 200: z.array(ZLowStockItem), ...errors } } },
    async (request) => {
      const { companyId, figures } = stock(request);
      return figures.lowStock(companyId);
    },
  );
  app.get(
    '/api/stats/dashboard-expiring',
    { schema: { tags, response: { 200: z.array(ZExpiringItem), ...errors } } },
    async (request) => {
      const { companyId, figures } = stock(request);
      return figures.expiring(companyId);
    },
  );
  app.get(
    '/api/stats/dashboard-top-products',
    {
      schema: {
        tags,
        querystring: ZTopProductsQuery,
        response: { 200: z.array(ZTopProduct), ...errors },
      },
    },
    async (request) => {
      const { companyId, figures } = stock(request);
      return figures.topProducts(companyId, request.query.days);
    },
  );
  app.get(
    '/api/stats/dashboard-activity',
    { schema: { tags, response: { 200: ZActivityStats } } },
    async (request) => stats.activityStats(deps, company(request)),
  );
};
