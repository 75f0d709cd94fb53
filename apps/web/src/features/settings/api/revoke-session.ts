import type { TSuccessResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const deleteSession = (id: string) =>
  api<TSuccessResponse>(`/api/settings/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
