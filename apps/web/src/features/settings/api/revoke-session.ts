import { ZSuccessResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const deleteSession = (id: string) =>
  api(`/api/settings/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: ZSuccessResponse });
