import { STOCK_STATUS_LABELS, type TStockStatus } from '@quantics/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<TStockStatus, BadgeTone> = {
  'in-stock': 'green',
  'low-stock': 'amber',
  'out-of-stock': 'red',
};

export function StockBadge({ status }: { status: TStockStatus }) {
  return (
    <Badge tone={TONES[status]} hasDot>
      {STOCK_STATUS_LABELS[status]}
    </Badge>
  );
}
