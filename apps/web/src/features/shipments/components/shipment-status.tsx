import type { TShipmentStatus } from '@quantics/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

export const SHIPMENT_STATUS_LABELS: Record<TShipmentStatus, string> = {
  expected: 'Expected',
  in_transit: 'In transit',
  receiving: 'Receiving',
  received: 'Received',
  received_with_discrepancies: 'Received with discrepancies',
};

const TONES: Record<TShipmentStatus, BadgeTone> = {
  expected: 'slate',
  in_transit: 'blue',
  receiving: 'brand',
  received: 'green',
  received_with_discrepancies: 'amber',
};

export function ShipmentStatus({ status }: { status: TShipmentStatus }) {
  return (
    <Badge tone={TONES[status]} hasDot>
      {SHIPMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

export const RECEIPT_LINE_LABELS = {
  ok: 'OK',
  short: 'Short',
  over: 'Over',
  not_on_shipment: 'Not on shipment',
} as const;

const LINE_TONES: Record<keyof typeof RECEIPT_LINE_LABELS, BadgeTone> = {
  ok: 'green',
  short: 'red',
  over: 'amber',
  not_on_shipment: 'blue',
};

export function ReceiptLineStatus({ status }: { status: keyof typeof RECEIPT_LINE_LABELS }) {
  return <Badge tone={LINE_TONES[status]}>{RECEIPT_LINE_LABELS[status]}</Badge>;
}
