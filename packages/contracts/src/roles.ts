// Role and inventory-type rules without zod, so the browser's first page can use them without the schema library.

export const ROLES = ['admin', 'operator', 'member'] as const;
export type TRole = (typeof ROLES)[number];

export const INVENTORY_TYPES = ['manual', 'dutchie'] as const;
export type TInventoryType = (typeof INVENTORY_TYPES)[number];

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
