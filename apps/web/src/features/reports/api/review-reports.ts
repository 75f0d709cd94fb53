import { type TAccuracyPeriod, type TShrinkQuery, ZAccuracyReport, ZShrinkReport } from '@quantics/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ShrinkQuery = Required<TShrinkQuery>;
export type AccuracyQuery = { from: string; to: string; period: TAccuracyPeriod };

export const shrinkUrl = (q: ShrinkQuery, csv = false) =>
  `/api/reports/shrink${csv ? '.csv' : ''}?${new URLSearchParams(q)}`;

export const accuracyUrl = (q: AccuracyQuery, csv = false) =>
  `/api/reports/accuracy${csv ? '.csv' : ''}?${new URLSearchParams(q)}`;

/** The shrink report (approved adjustments) for a period and a grouping; off while the dates are not valid. */
export const useShrinkReport = (q: ShrinkQuery, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.reports.shrink(q),
    queryFn: () => api(shrinkUrl(q), { schema: ZShrinkReport }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** Stock accuracy per location and week or month. */
export const useAccuracyReport = (q: AccuracyQuery, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.reports.accuracy(q),
    queryFn: () => api(accuracyUrl(q), { schema: ZAccuracyReport }),
    enabled,
    placeholderData: keepPreviousData,
  });
