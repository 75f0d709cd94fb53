import {
  EXPIRING_WINDOW_DAYS,
  hasRole,
  type TInventoryType,
  type TProduct,
  type TRole,
} from '@quantics/contracts';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { AuditClock } from '../../audits/audit-status.ts';
import { listAudits } from '../../audits/audits.service.ts';
import { listDevices } from '../../devices/devices.service.ts';
import type { DutchieContext } from '../../dutchie/dutchie-context.ts';
import type { InventoryReads } from '../../inventory/inventory.repo.ts';
import { expiringProducts, lookupProducts, stockAlerts } from '../../inventory/inventory-lookups.service.ts';
import { inventoryStats } from '../../stats/stats.service.ts';
import * as pos from './dutchie-tools.ts';

/**
 * What Tallie may read, and for whom: the company and the caller's role come from the session, never from what a
 * model asks. Every tool calls another feature's service, scoped by that company, and only reads.
 */
export type TallieContext = {
  db: Db;
  companyId: number;
  role: TRole;
  inventoryType: TInventoryType;
  /** The configured audit time-out (app.audits). */
  audits: AuditClock;
  /** The Dutchie services' context: a point-of-sale company's inventory questions are answered from Dutchie. */
  dutchie: DutchieContext;
  /** The catalogue's prepared reads (a manual company's product questions). */
  inventory: InventoryReads;
};

const isPos = (ctx: TallieContext) => ctx.inventoryType === 'dutchie';

type Tool = {
  description: string;
  /** JSON Schema of the arguments, as function calling expects. */
  parameters: Record<string, unknown>;
  /** The least role that may read this; the same as the page's own API route. */
  minRole: TRole;
  run: (ctx: TallieContext, args: unknown) => Promise<Record<string, unknown>>;
};

const NO_ARGS = { type: 'object', properties: {}, additionalProperties: false };
const LIST_SIZE = 10;

const productBrief = (p: TProduct) => ({
  name: p.name,
  sku: p.sku,
  rfid_tag: p.rfid_tag,
  quantity: p.quantity,
  min_stock_level: p.min_stock_level,
  status: p.status,
  location: p.location,
});

const ZFindArgs = z.object({ query: z.string().trim().min(1).max(100) });

export const TOOLS = {
  low_stock: {
    description: 'Products that are low on stock (at or below their minimum level) or out of stock.',
    parameters: NO_ARGS,
    minRole: 'member',
    run: async (ctx) => {
      if (isPos(ctx)) return pos.lowStock(ctx);
      const r = await stockAlerts(ctx.db, ctx.companyId, LIST_SIZE);
      return {
        low_stock_count: r.lowStockCount,
        out_of_stock_count: r.outOfStockCount,
        low_stock: r.lowStock.map(productBrief),
        out_of_stock: r.outOfStock.map(productBrief),
      };
    },
  },
  expiring_soon: {
    description: 'Products expiring within the next 30 days, soonest first.',
    parameters: NO_ARGS,
    minRole: 'member',
    run: async (ctx) => {
      if (isPos(ctx)) return pos.expiringSoon(ctx);
      const soon = await expiringProducts(ctx.db, ctx.companyId, EXPIRING_WINDOW_DAYS, LIST_SIZE);
      return {
        expiring: soon.map((p) => ({
          ...productBrief(p),
          expiration_date: p.expiration_date,
          days_left: p.days_left,
        })),
      };
    },
  },
  find_product: {
    description:
      'Find products by name, SKU or RFID tag (point of sale: name, SKU or package id): where they are stored and how many units there are.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'A product name, SKU or RFID tag' } },
      required: ['query'],
      additionalProperties: false,
    },
    minRole: 'member',
    run: async (ctx, args) => {
      const { query } = ZFindArgs.parse(args);
      if (isPos(ctx)) return pos.findProduct(ctx, query);
      const found = await lookupProducts(ctx.inventory, ctx.companyId, query, LIST_SIZE);
      return {
        query,
        total: found.total,
        ...(found.isMore ? { more_than_total: true } : {}),
        products: found.products.map(productBrief),
      };
    },
  },
  recent_audits: {
    description:
      'The latest audits with their status, accuracy, units found and expected, and discrepancies.',
    parameters: NO_ARGS,
    minRole: 'member',
    run: async ({ db, companyId, audits }) => {
      const r = await listAudits(db, companyId, { page: 1, limit: 5 }, audits);
      return {
        summary: r.summary,
        audits: r.data.map((a) => ({
          name: a.name,
          status: a.status,
          created_at: a.created_at,
          device: a.device_name,
          location: a.location,
          tags_found: a.tags_found,
          tags_expected: a.tags_expected,
          discrepancies: a.discrepancies_count,
          accuracy: a.accuracy,
        })),
      };
    },
  },
  reader_status: {
    description: 'The RFID readers: which are online, offline or warning, with battery level and last seen.',
    parameters: NO_ARGS,
    minRole: 'operator',
    run: async ({ db, companyId }) => ({
      readers: (await listDevices(db, companyId)).map((d) => ({
        name: d.name,
        serial_number: d.serial_number,
        status: d.status,
        battery_level: d.battery_level,
        last_seen: d.last_seen,
      })),
    }),
  },
  inventory_value: {
    description: 'Total inventory value at cost in USD, with product, unit, vendor and category counts.',
    parameters: NO_ARGS,
    minRole: 'member',
    run: async (ctx) =>
      isPos(ctx)
        ? pos.inventoryValue(ctx)
        : (await inventoryStats({ db: ctx.db, clock: ctx.audits }, ctx.companyId)).inventory,
  },
} satisfies Record<string, Tool>;

export type ToolName = keyof typeof TOOLS;

export const toolsFor = (role: TRole) =>
  (Object.keys(TOOLS) as ToolName[]).filter((name) => hasRole(role, TOOLS[name].minRole));

/** Runs a tool for the session's company; a tool above the caller's role answers that it is not allowed. */
export async function runTool(
  ctx: TallieContext,
  name: string,
  args: unknown,
): Promise<Record<string, unknown>> {
  if (!(name in TOOLS)) return { error: `Unknown tool ${name}` };
  const tool = TOOLS[name as ToolName] as Tool;
  if (!hasRole(ctx.role, tool.minRole)) return { error: 'Your role may not see this information.' };
  return tool.run(ctx, args);
}
