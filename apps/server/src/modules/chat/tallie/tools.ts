import {
  AUDIT_STATUSES,
  addDays,
  companyDay,
  EXPIRING_WINDOW_DAYS,
  hasRole,
  type TAudit,
  type TRole,
} from '@quantics/contracts';
import { z } from 'zod';
import { companyDayStartAt } from '../../../db/company-day.ts';
import { auditsInRange, listAudits, listDiscrepancies } from '../../audits/audits.service.ts';
import { dueView, planStatus } from '../../count-plans/due-counts.service.ts';
import { listDevices } from '../../devices/devices.service.ts';
import { expiringProducts, stockAlerts } from '../../inventory/inventory-lookups.service.ts';
import { shrinkReport } from '../../reports/shrink.service.ts';
import { inventoryStats } from '../../stats/stats.service.ts';
import * as pos from './dutchie-tools.ts';
import { isFuture, PERIODS, type PeriodKey, pastRange } from './nlu/entities.ts';
import { findProducts, productBrief } from './stock-tools.ts';

import type { TallieContext } from './tallie-context.ts';
import { whereTool } from './where-tool.ts';

export type { TallieContext };

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

const ZFindArgs = z.object({
  query: z.string().trim().min(1).max(100),
  place: z.string().trim().min(1).max(100).optional(),
});
const ZExpiringArgs = z.object({ days: z.number().int().min(0).max(366).default(EXPIRING_WINDOW_DAYS) });
const PAST_PERIODS = (Object.keys(PERIODS) as PeriodKey[]).filter((p) => !isFuture(p));
const ZAuditArgs = z.object({
  period: z.enum(PAST_PERIODS as [PeriodKey, ...PeriodKey[]]).optional(),
  status: z.enum(AUDIT_STATUSES).optional(),
});

const ZShrinkArgs = z.object({
  period: z.enum(PAST_PERIODS as [PeriodKey, ...PeriodKey[]]).optional(),
});

const auditBrief = (a: TAudit) => ({
  name: a.name,
  status: a.status,
  created_at: a.created_at,
  device: a.device_name,
  location: a.location,
  tags_found: a.tags_found,
  tags_expected: a.tags_expected,
  discrepancies: a.discrepancies_count,
  accuracy: a.accuracy,
});

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
    description:
      'Products expiring within the next `days` days (30 unless asked otherwise: next week is 7, today 0), soonest first.',
    parameters: {
      type: 'object',
      properties: {
        days: { type: 'integer', minimum: 0, maximum: 366, description: 'How many days ahead to look' },
      },
      additionalProperties: false,
    },
    minRole: 'member',
    run: async (ctx, args) => {
      const { days } = ZExpiringArgs.parse(args ?? {});
      if (isPos(ctx)) return pos.expiringSoon(ctx, days);
      const soon = await expiringProducts(ctx.db, ctx.companyId, days, LIST_SIZE);
      return {
        window_days: days,
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
      'Find products by name, SKU or RFID tag (point of sale: name, SKU or package id): where they are stored and how many units there are (quantity is the total; places the units of each place when kept in several). With a place (a location name: "back room", "Store B"), also the units kept there and in its sub-locations (units_here).',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'A product name, SKU or RFID tag' },
        place: { type: 'string', description: 'A location asked about ("back room", "Store B"), if any' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    minRole: 'member',
    run: async (ctx, args) => {
      const { query, place } = ZFindArgs.parse(args);
      if (isPos(ctx)) return pos.findProduct(ctx, query);
      return findProducts(ctx, query, place, LIST_SIZE);
    },
  },
  recent_audits: {
    description:
      'The latest audits with their status, accuracy, units found and expected, and discrepancies; optionally only those started in a period (this month, last week...) and of one status (failed...), with how many there were.',
    parameters: {
      type: 'object',
      properties: {
        period: {
          type: 'string',
          enum: PAST_PERIODS,
          description: "When the audits were started (the company's days)",
        },
        status: { type: 'string', enum: [...AUDIT_STATUSES] },
      },
      additionalProperties: false,
    },
    minRole: 'member',
    run: async ({ db, companyId, audits, timeZone }, args) => {
      const { period, status } = ZAuditArgs.parse(args ?? {});
      const days = period ? pastRange(period, companyDay(timeZone)) : null;
      if (days) {
        const range = {
          from: companyDayStartAt(days.from, timeZone),
          to: companyDayStartAt(addDays(days.to, 1), timeZone),
        };
        const r = await auditsInRange(db, companyId, { range, status, limit: 5 }, audits);
        return {
          period,
          from: range.from.toISOString(),
          to: range.to.toISOString(),
          ...(status ? { status, matching: r.matching } : {}),
          counts: r.counts,
          audits: r.audits.map(auditBrief),
        };
      }
      const r = await listAudits(db, companyId, { page: 1, limit: 5, status }, audits);
      return {
        summary: r.summary,
        ...(status ? { status, matching: r.pagination.totalItems } : {}),
        audits: r.data.map(auditBrief),
      };
    },
  },
  last_audit_discrepancies: {
    description:
      'The latest completed audit and what it found missing or extra: its discrepancies (shortages first) with expected and found units.',
    parameters: NO_ARGS,
    minRole: 'member',
    run: async ({ db, companyId, audits }) => {
      const [last] = (await listAudits(db, companyId, { page: 1, limit: 1, status: 'completed' }, audits))
        .data;
      if (!last) return { audit: null, discrepancies: [] };
      const rows = await listDiscrepancies(db, companyId, last.id, audits);
      return {
        audit: auditBrief(last),
        discrepancies_total: rows.length,
        discrepancies: rows.slice(0, LIST_SIZE).map((d) => ({
          name: d.product_name,
          sku: d.product_sku,
          type: d.discrepancy_type,
          expected: d.expected_quantity,
          found: d.found_quantity,
          rfid_tag: d.product_sku ? undefined : d.epc,
        })),
      };
    },
  },
  due_counts: {
    description:
      "The planned counts due today (count plans): each place with its plan, the day it was due, whether it is overdue and when it was last counted, the signed-in person's own first; the count of overdue places and the coverage (share of planned places, and of units, counted within their rhythm). Days are the company's time zone.",
    parameters: NO_ARGS,
    minRole: 'member',
    run: async ({ db, companyId, userId }) => {
      const status = await planStatus(db, companyId, new Date());
      const planned = status.places.length;
      const due = status.places
        .filter((p) => p.isDue)
        .map((p) => dueView(p, userId))
        .sort(
          (a, b) =>
            Number(b.is_mine) - Number(a.is_mine) ||
            a.due_on.localeCompare(b.due_on) ||
            a.name.localeCompare(b.name),
        );
      const covered = status.places.filter((p) => !p.isDue).length;
      return {
        today: status.today,
        time_zone: status.timeZone,
        source: status.isDutchie ? 'rooms' : 'locations',
        planned_places: planned,
        due_count: due.length,
        overdue_count: due.filter((d) => d.overdue).length,
        coverage_locations: planned === 0 ? 1 : covered / planned,
        due: due.map((d) => ({
          name: d.name,
          plan: d.plan_name,
          due_on: d.due_on,
          overdue: d.overdue,
          last_counted_at: d.last_counted_at,
          mine: d.is_mine,
        })),
      };
    },
  },
  shrink_report: {
    description:
      'What was lost (and found) by counts over a past period (last month...; the last 30 days unless asked): the approved adjustments applied, in units and value at cost, by reason code (why), largest loss first.',
    parameters: {
      type: 'object',
      properties: {
        period: { type: 'string', enum: PAST_PERIODS, description: 'When the adjustments were made' },
      },
      additionalProperties: false,
    },
    minRole: 'member',
    run: async ({ db, companyId, timeZone }, args) => {
      const { period } = ZShrinkArgs.parse(args ?? {});
      const range = period ? pastRange(period, companyDay(timeZone)) : null;
      const r = await shrinkReport(db, companyId, { group_by: 'reason', ...(range ?? {}) });
      return {
        ...(period ? { period } : {}),
        from: r.from,
        to: r.to,
        totals: r.totals,
        by_reason: r.rows.slice(0, LIST_SIZE).map((x) => ({
          reason: x.label,
          code: x.group,
          lines: x.lines,
          units_lost: x.units_lost,
          units_found: x.units_found,
          value_lost: x.value_lost,
          value_found: x.value_found,
        })),
        reasons_total: r.rows.length,
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
  where_is: whereTool,
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
