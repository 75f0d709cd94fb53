/**
 * The screen's own texts (labels, toasts, empty states), word for word from the spec. The API's messages are the
 * contracts' constants, referenced here rather than retyped, so there is one copy of each.
 */
export const LOCATION_TEXTS = {
  loadFailed: 'Failed to load locations',
  saveFailed: 'Failed to save location',
  deleteFailed: 'Failed to delete location',
  created: 'Location created successfully',
  updated: 'Location updated successfully',
  deleted: 'Location deleted successfully',
  empty: 'No locations yet',
  noChildren: 'No sub-locations',
} as const;
