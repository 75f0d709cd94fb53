import { type TPrintRequest, ZPrintResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

/** POST /api/print/print: one product's labels; resolves once the print utility has acknowledged them. */
export const printLabel = (body: TPrintRequest) =>
  api('/api/print/print', { method: 'POST', body, schema: ZPrintResponse });
