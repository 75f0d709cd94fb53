import { ZLocationsResponse } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The company's whole tree as a flat list (parent ids, counts and paths). */
export const fetchLocations = () => api('/api/locations', { schema: ZLocationsResponse });

export function useLocations() {
  return useQuery({ queryKey: queryKeys.locations, queryFn: fetchLocations });
}
