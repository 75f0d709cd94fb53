import type { LOCATION_MESSAGES } from '@quantics/contracts';

/** The spec's location texts, typed against the contracts' constants. */
export const LOCATION_TEXTS = {
  nameRequired: 'Location name is required' satisfies typeof LOCATION_MESSAGES.nameRequired,
  loadFailed: 'Failed to load locations' satisfies typeof LOCATION_MESSAGES.loadFailed,
  saveFailed: 'Failed to save location' satisfies typeof LOCATION_MESSAGES.saveFailed,
  deleteFailed: 'Failed to delete location' satisfies typeof LOCATION_MESSAGES.deleteFailed,
  created: 'Location created successfully' satisfies typeof LOCATION_MESSAGES.created,
  updated: 'Location updated successfully' satisfies typeof LOCATION_MESSAGES.updated,
  deleted: 'Location deleted successfully' satisfies typeof LOCATION_MESSAGES.deleted,
  empty: 'No locations yet' satisfies typeof LOCATION_MESSAGES.empty,
  noChildren: 'No sub-locations' satisfies typeof LOCATION_MESSAGES.noChildren,
} as const;
