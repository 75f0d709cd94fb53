import { LOCATION_KIND_LABELS, type TLocationKind } from '@quantics/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<TLocationKind, BadgeTone> = {
  store: 'brand',
  sales_floor: 'green',
  stockroom: 'amber',
  dock: 'blue',
  warehouse: 'slate',
  other: 'slate',
};

/** What a place is, as a small label (nothing for a place of kind other). */
export function KindBadge({ kind }: { kind: TLocationKind | undefined }) {
  if (!kind || kind === 'other') return null;
  return (
    <Badge tone={TONES[kind]} className="shrink-0">
      {LOCATION_KIND_LABELS[kind]}
    </Badge>
  );
}
