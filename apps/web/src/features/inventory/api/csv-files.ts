import { CSV_TEMPLATE_FILENAME, type TInventoryFilters } from '@quantics/contracts';
import { apiBlob } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { inventoryParams } from './inventory-list';

/** GET /api/inventory/csv-template, saved as product-template.csv. */
export async function downloadTemplate() {
  const { blob } = await apiBlob('/api/inventory/csv-template');
  saveBlob(blob, CSV_TEMPLATE_FILENAME);
}

/** GET /api/inventory/export.csv with the list's current search and status; the server names the file. */
export async function downloadExport(filters: {
  search?: string;
  status?: TInventoryFilters['status'] | 'all';
}) {
  const { blob, fileName } = await apiBlob(`/api/inventory/export.csv${inventoryParams(filters)}`);
  saveBlob(blob, fileName ?? `inventory-${new Date().toISOString().slice(0, 10)}.csv`);
}
