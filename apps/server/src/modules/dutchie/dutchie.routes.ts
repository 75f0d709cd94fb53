import {
  ZClosingReportQuery,
  ZClosingReportResponse,
  ZDutchieInventoryQuery,
  ZDutchieInventoryResponse,
  ZDutchieListResponse,
  ZDutchiePackageParam,
  ZDutchieProductResponse,
  ZDutchieSearchQuery,
  ZErrorResponse,
  ZExpiringQuery,
  ZExpiringResponse,
  ZLowInventoryQuery,
  ZLowInventoryResponse,
  ZSalesFloorResponse,
  ZTopSellingQuery,
  ZTopSellingResponse,
  ZTransactionsQuery,
  ZTransactionsResponse,
} from '@quantics/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/request-context.ts';
import { requireDutchieCompany } from './dutchie-context.ts';
import * as inventory from './dutchie-inventory.service.ts';
import { productView } from './dutchie-product.service.ts';
import * as sales from './dutchie-sales.service.ts';

/**
 * The point-of-sale inventory of companies registered with Dutchie, served from the company's snapshot (see
 * dutchie-cache.ts). Every answer carries `sync`: when the snapshot was taken and how the last refresh went.
 * A company with the local catalogue gets 409; Dutchie refusing the key is 502, Dutchie away with nothing cached 503.
 */
export const dutchieRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['point-of-sale'];
  const errors = { 400: ZErrorResponse, 409: ZErrorResponse, 502: ZErrorResponse, 503: ZErrorResponse };
  const ctx = app.dutchie;
  const company = (request: Parameters<typeof requireAuth>[0]) => requireDutchieCompany(requireAuth(request));

  app.get(
    '/api/dutchie-inventory',
    {
      schema: {
        tags,
        description: 'Packages from the snapshot, filtered and paged (Refresh: refresh=true)',
        querystring: ZDutchieInventoryQuery,
        response: { 200: ZDutchieInventoryResponse, ...errors },
      },
    },
    async (request) => inventory.listInventory(ctx, company(request), request.query),
  );

  app.get(
    '/api/dutchie-inventory/product/:id',
    {
      schema: {
        tags,
        description: 'One package by its package id, with product details when Dutchie gives them',
        params: ZDutchiePackageParam,
        response: { 200: ZDutchieProductResponse, 404: ZErrorResponse, ...errors },
      },
    },
    async (request) => productView(ctx, company(request), request.params.id),
  );

  app.get(
    '/api/dutchie-inventory/search',
    {
      schema: { tags, querystring: ZDutchieSearchQuery, response: { 200: ZDutchieListResponse, ...errors } },
    },
    async (request) => inventory.searchPackages(ctx, company(request), request.query.q, request.query.limit),
  );

  app.get(
    '/api/dutchie-inventory/analytics/top-selling',
    { schema: { tags, querystring: ZTopSellingQuery, response: { 200: ZTopSellingResponse, ...errors } } },
    async (request) => sales.topSelling(ctx, company(request), request.query.days, request.query.limit),
  );

  app.get(
    '/api/dutchie-inventory/analytics/low-inventory',
    {
      schema: { tags, querystring: ZLowInventoryQuery, response: { 200: ZLowInventoryResponse, ...errors } },
    },
    async (request) =>
      inventory.lowInventory(ctx, company(request), request.query.threshold, request.query.limit),
  );

  app.get(
    '/api/dutchie-inventory/analytics/expiring',
    { schema: { tags, querystring: ZExpiringQuery, response: { 200: ZExpiringResponse, ...errors } } },
    async (request) => inventory.expiring(ctx, company(request), request.query.days),
  );

  app.get(
    '/api/dutchie-inventory/analytics/sales-floor',
    { schema: { tags, response: { 200: ZSalesFloorResponse, ...errors } } },
    async (request) => inventory.salesFloor(ctx, company(request)),
  );

  app.get(
    '/api/dutchie-inventory/transactions',
    {
      schema: { tags, querystring: ZTransactionsQuery, response: { 200: ZTransactionsResponse, ...errors } },
    },
    async (request) => sales.transactions(ctx, company(request), request.query),
  );

  app.get(
    '/api/dutchie-inventory/closing-report',
    {
      schema: {
        tags,
        querystring: ZClosingReportQuery,
        response: { 200: ZClosingReportResponse, ...errors },
      },
    },
    async (request) => sales.closingReport(ctx, company(request), request.query.date),
  );
};
