import { useEffect } from 'react';
import { receiptDetailOf, useLiveShipment } from '../api/receiving';
import type { CountSession, CountView } from '../lib/count-session';
import type { StoredReceipt } from '../lib/count-store';
import { ReceiptPanel, receivingFigures } from './receipt-panel';

/**
 * A receipt in progress on the Count screen: the shipment's details are asked of the portal once its count exists
 * (and every 3 s while online: the receipt so far, every handheld's reads), kept with the count so they show offline
 * too, and set against this handheld's own reads.
 */
export function ReceivingView({
  session,
  receipt,
  view,
  isOnline,
}: {
  session: CountSession;
  receipt: StoredReceipt;
  view: CountView;
  isOnline: boolean;
}) {
  const shipment = useLiveShipment(
    view.isStartedOnServer ? receipt.shipmentId : null,
    isOnline && view.isStartedOnServer,
  );
  const data = shipment.data;
  useEffect(() => {
    if (!data) return;
    session.setReceiptDetail({
      ...receiptDetailOf(data),
      unitsExpected: data.units_expected,
      cartonsCount: data.cartons_count,
    });
  }, [data, session]);
  // The portal's receipt of this count (a shipment received again after a failed count has a new one).
  const server = data?.receipt && data.receipt.audit_id === session.stored.auditId ? data.receipt : null;
  return <ReceiptPanel kept={receipt} figures={receivingFigures(receipt, view.receipt, server)} />;
}
