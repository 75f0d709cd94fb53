import { z } from 'zod';

/** Every error body the API sends: one human-readable message. */
export const ZErrorResponse = z.object({ message: z.string() });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZSuccessResponse = z.object({ success: z.literal(true), message: z.string().optional() });
export type TSuccessResponse = z.infer<typeof ZSuccessResponse>;

export const ZHealthResponse = z.object({ status: z.literal('ok') });

export const ROLES = ['admin', 'operator', 'member'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const INVENTORY_TYPES = ['manual', 'dutchie'] as const;
export const ZInventoryType = z.enum(INVENTORY_TYPES);
export type TInventoryType = z.infer<typeof ZInventoryType>;

/** How each role is shown to people; 'member' reads as Team Member. */
export const ROLE_LABELS: Record<TRole, string> = {
  admin: 'Admin',
  operator: 'Operator',
  member: 'Team Member',
};

/** A missing or unknown role counts as member. */
export function normalizeRole(role: string | null | undefined): TRole {
  return role === 'admin' || role === 'operator' ? role : 'member';
}

const RANK: Record<TRole, number> = { member: 0, operator: 1, admin: 2 };

/** True when `role` is at least as strong as `needed`. */
export function hasRole(role: TRole, needed: TRole): boolean {
  return RANK[role] >= RANK[needed];
}

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
