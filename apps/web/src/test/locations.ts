import type { TLocation } from '@quantics/contracts';

/** A top-level location as GET /api/locations answers it (whole: the screens parse the answer with ZLocation). */
export const location = (id: number, name: string, over: Partial<TLocation> = {}): TLocation => ({
  id,
  name,
  description: null,
  parent_location_id: null,
  parent_name: null,
  children_count: 0,
  product_count: 0,
  path: name,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});
