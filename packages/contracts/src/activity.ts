import { z } from 'zod';

/** Who did it: a person, a reader, or a program calling with an API key. */
export const PERFORMER_TYPES = ['user', 'device', 'api_key'] as const;
export const ZPerformerType = z.enum(PERFORMER_TYPES);
export type TPerformerType = z.infer<typeof ZPerformerType>;

/** One entry of a company's activity log, as the dashboard's Recent Activity lists it. */
export const ZActivityItem = z.object({
  id: z.number().int(),
  /** 'audit', 'inventory', 'team', 'company', 'auth', ... */
  type: z.string(),
  /** Machine-readable kind, e.g. 'team.invite'. */
  action: z.string(),
  message: z.string(),
  /** ISO timestamp. */
  time: z.string(),
  /** Inventory entries only. */
  sku: z.string().nullable(),
  quantity: z.number().nullable(),
  performer_name: z.string(),
  performer_type: ZPerformerType,
});
export type TActivityItem = z.infer<typeof ZActivityItem>;

export const ACTIVITY_LIMIT_DEFAULT = 20;
export const ACTIVITY_LIMIT_MAX = 100;

export const ZActivityQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ACTIVITY_LIMIT_MAX, `limit must be at most ${ACTIVITY_LIMIT_MAX}`)
    .optional()
    .default(ACTIVITY_LIMIT_DEFAULT),
});

/** GET /api/stats/activity: newest first. */
export const ZActivityResponse = z.object({ recentActivity: z.array(ZActivityItem) });
export type TActivityResponse = z.infer<typeof ZActivityResponse>;
