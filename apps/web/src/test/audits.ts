import type { TAudit } from '@quantics/contracts';

/**
 * A completed audit as the reader protocol's complete answers it: whole, since the Count screen parses the answer
 * with the contracts' ZAudit.
 */
export const completedAudit = (id: number, batchCount: number): TAudit => ({
  id,
  name: 'Count',
  status: 'completed',
  created_at: '2026-01-01T00:00:00.000Z',
  completed_at: '2026-01-01T00:05:00.000Z',
  device_id: 3,
  device_name: 'This browser',
  location_id: null,
  location: null,
  tags_found: 0,
  tags_expected: 0,
  expected_count: 0,
  discrepancies_count: 0,
  misplaced_count: 0,
  unknown_count: 0,
  packages_expected: null,
  packages_found: null,
  accuracy: 100,
  audit_type: 'Handheld scan',
  comments: null,
  batch_count: batchCount,
  reads_count: 0,
  counts_applied_at: null,
  counts_applied_by: null,
  started_by: null,
  ends_at: null,
  review_status: 'none',
  recount_of: null,
});
