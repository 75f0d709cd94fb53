import { Select } from '@/components/ui/select';
import { useLocations } from '@/shared/locations/locations-api';
import { INVENTORY_TEXTS } from '../inventory-texts';

/** A location's id, 'none' (stock in no location) or 'all' (no filter). */
export type LocationFilter = number | 'none' | 'all';

/** The list's place filter: every location by its path ("Main Store > Backroom"), and "No location". */
export function LocationFilterSelect({
  value,
  onChange,
  className,
}: {
  value: LocationFilter;
  onChange: (value: LocationFilter) => void;
  className?: string;
}) {
  const locations = useLocations();
  const sorted = [...(locations.data ?? [])].sort((a, b) => a.path.localeCompare(b.path));
  return (
    <Select
      aria-label="Filter by location"
      value={String(value)}
      onChange={(e) => {
        const v = e.target.value;
        onChange(v === 'all' || v === 'none' ? v : Number(v));
      }}
      className={className}
    >
      <option value="all">{INVENTORY_TEXTS.allLocations}</option>
      {sorted.map((l) => (
        <option key={l.id} value={l.id}>
          {l.path}
        </option>
      ))}
      <option value="none">{INVENTORY_TEXTS.noLocation}</option>
    </Select>
  );
}
