import { type TUser, ZDutchieInventoryResponse } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useLocations } from './locations-api';

/** A Dutchie store's rooms (the inventory's room facet). */
export function useDutchieRooms(isEnabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.dutchie.all, 'rooms'],
    queryFn: () => api('/api/dutchie-inventory?limit=1', { schema: ZDutchieInventoryResponse }),
    select: (r) => r.filters.rooms,
    enabled: isEnabled,
  });
}

export type Place = { locationId: number | null; room: string | null; label: string };

/**
 * Where a count was made, as a select's options: a catalogue's locations by path, or a Dutchie store's rooms, with
 * '' for everything. The Count screen and Import reads ask the same question the same way.
 */
export function usePlaceOptions(user: Pick<TUser, 'inventory_type'> | null) {
  const isDutchie = user?.inventory_type === 'dutchie';
  const locations = useLocations();
  const rooms = useDutchieRooms(isDutchie);
  const everything = isDutchie ? 'Whole store' : 'Whole catalogue';
  const options = isDutchie
    ? (rooms.data ?? []).map((r) => ({ value: `room:${r}`, label: r }))
    : [...(locations.data ?? [])]
        .sort((a, b) => a.path.localeCompare(b.path))
        .map((l) => ({ value: `loc:${l.id}`, label: l.path }));
  /** The place a select value names. */
  const placeOf = (value: string): Place => ({
    locationId: value.startsWith('loc:') ? Number(value.slice(4)) : null,
    room: value.startsWith('room:') ? value.slice(5) : null,
    label: options.find((o) => o.value === value)?.label ?? everything,
  });
  const query = isDutchie ? rooms : locations;
  /** The places are not known yet: a choice made now would be the whole catalogue by default, not a choice. */
  const isLoading = query.isPending;
  return { isDutchie, everything, options, placeOf, isLoading, isError: query.isError };
}
