import { z } from 'zod';

/** A query string's whole number from `min` to `max`: one message, naming the field and its range, for any miss. */
export function zQueryInt(field: string, min: number, max: number) {
  const message = `${field} must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

const PAGE_MESSAGE = 'page must be a whole number of 1 or more';
/** A list's page number, from 1. */
export const ZPageNumber = z.coerce
  .number({ error: PAGE_MESSAGE })
  .int(PAGE_MESSAGE)
  .min(1, PAGE_MESSAGE)
  .max(1_000_000, 'page must be at most 1000000')
  .optional()
  .default(1);

/** A paginated list's `page` and `limit` (1 to `maxLimit`, `defaultLimit` when absent). */
export const pageQuery = (maxLimit: number, defaultLimit: number) => ({
  page: ZPageNumber,
  limit: zQueryInt('limit', 1, maxLimit).optional().default(defaultLimit),
});

/** Every paged list answers this beside its data. */
export const ZPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});
export type TPagination = z.infer<typeof ZPagination>;

export function pagination(page: number, limit: number, totalItems: number): TPagination {
  const totalPages = Math.ceil(totalItems / limit);
  return { page, limit, totalItems, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}

/**
 * The page buttons a list shows: the first, the last and those within 2 of the current page, with 'gap'
 * where pages are left out. E.g. current 6 of 20: 1, gap, 4, 5, 6, 7, 8, gap, 20.
 */
export function pageButtons(current: number, totalPages: number): (number | 'gap')[] {
  const out: (number | 'gap')[] = [];
  for (let p = 1; p <= totalPages; p++) {
    if (p === 1 || p === totalPages || Math.abs(p - current) <= 2) out.push(p);
    else if (out[out.length - 1] !== 'gap') out.push('gap');
  }
  return out;
}
