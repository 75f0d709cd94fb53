import { REPORT_LABELS, REPORT_TYPES, type TReportType } from '@quantics/contracts';
import { AlertTriangle, ClipboardCheck, type LucideIcon, Package, PackageMinus } from 'lucide-react';

const DETAILS: Record<TReportType, { icon: LucideIcon; text: string }> = {
  inventory: {
    icon: Package,
    text: 'A line per product and place: SKU, RFID tag, place, units there and in all, status, costs and value.',
  },
  audits: {
    icon: ClipboardCheck,
    text: 'Audits in the chosen dates: device, location, tags found and expected, accuracy, comments.',
  },
  'low-stock': {
    icon: PackageMinus,
    text: 'Products low or out of stock in all their places, with the shortage and what reordering would cost.',
  },
  discrepancies: {
    icon: AlertTriangle,
    text: 'Every counted difference in the chosen dates: product, expected, found, variance and type.',
  },
};

/** A point-of-sale company's inventory and low-stock reports are its Dutchie packages. */
const POINT_OF_SALE_TEXT: Partial<Record<TReportType, string>> = {
  inventory: 'Every Dutchie package, zero quantities included: rooms, quantity, RFID tag, costs and value.',
  'low-stock': 'Dutchie packages with 5 units or fewer, with the shortage and what reordering would cost.',
};

/** What each report holds, for the cards people choose from. */
export const reportKinds = (isPointOfSale: boolean) =>
  REPORT_TYPES.map((type) => ({
    type,
    label: REPORT_LABELS[type],
    ...DETAILS[type],
    text: (isPointOfSale ? POINT_OF_SALE_TEXT[type] : undefined) ?? DETAILS[type].text,
  }));
