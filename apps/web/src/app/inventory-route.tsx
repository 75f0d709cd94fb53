import { lazy } from 'react';
import { useAuth } from '@/app/auth-provider';

const ManualInventoryPage = lazy(() =>
  import('@/features/inventory/pages/inventory-page').then((m) => ({ default: m.InventoryPage })),
);
const DutchieInventoryPage = lazy(() =>
  import('@/features/dutchie/pages/dutchie-inventory-page').then((m) => ({
    default: m.DutchieInventoryPage,
  })),
);

/** /inventory shows the company's source: the Dutchie point-of-sale screen, or the local catalogue. */
export function InventoryRoute() {
  const { user } = useAuth();
  return user?.inventory_type === 'dutchie' ? <DutchieInventoryPage /> : <ManualInventoryPage />;
}
