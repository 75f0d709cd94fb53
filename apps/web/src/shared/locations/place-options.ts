import { type TUser, ZDutchieInventoryResponse } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchKept } from '@/lib/offline-kept';
import { queryKeys } from '@/lib/query-keys';
import { fetchLocations } from './locations-api';

type PlacesUser = Pick<TUser, 'inventory_type' | 'company_id'>;

/**
 * A Dutchie store's rooms (the inventory's room facet), kept on this browser for a count started with no network.
 */
export function useDutchieRooms(user: PlacesUser | null) {
  return useQuery({
    queryKey: [...queryKeys.dutchie.all, 'rooms', user?.company_id],
    queryFn: () =>
      fetchKept(`rooms:${user?.company_id}`, () =>
        api('/api/dutchie-inventory?limit=1', { schema: ZDutchieInventoryResponse }).then(
          (r) => r.filters.rooms,
        ),
      ),
    enabled: user?.inventory_type === 'dutchie',
  });
}

/** The company's locations, kept on this browser for a count started with no network. */
function usePlaceLocations(user: PlacesUser | null) {
  return useQuery({
    queryKey: [...queryKeys.locations, 'places', user?.company_id],
    queryFn: () => fetchKept(`locations:${user?.company_id}`, fetchLocations),
    enabled: !!user && user.inventory_type !== 'dutchie',
  });
}

export type Place = { locationId: number | null; room: string | null; label: string };

/**
 * Where a count was made, as a select's options: a catalogue's locations by path, or a Dutchie store's rooms, with
 * '' for everything. The Count screen and Import reads ask the same question the same way.
 */
export function usePlaceOptions(user: PlacesUser | null) {
  const isDutchie = user?.inventory_type === 'dutchie';
  const locations = usePlaceLocations(user);
  const rooms = useDutchieRooms(user);
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
