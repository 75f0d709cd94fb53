import { z } from 'zod';
import { INVENTORY_TYPES, ROLES } from './roles.ts';

/** Every error body the API sends: one human-readable message. */
export const ZErrorResponse = z.object({ message: z.string() });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZSuccessResponse = z.object({ success: z.literal(true), message: z.string().optional() });
export type TSuccessResponse = z.infer<typeof ZSuccessResponse>;

export const ZHealthResponse = z.object({ status: z.literal('ok') });

export * from './roles.ts';

export const ZRole = z.enum(ROLES);
export const ZInventoryType = z.enum(INVENTORY_TYPES);

/** Lowercased, trimmed email: the one form we store and compare. */
export const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(255, 'Email must be at most 255 characters')
  .pipe(z.email('Please enter a valid email address'));

/** Ids are PostgreSQL integers: anything past 2^31-1 is not an id (and must not reach the database). */
export const ZIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
