import type { TAppearance } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const putAppearance = (body: TAppearance) =>
  api<TAppearance>('/api/settings/appearance', { method: 'PUT', body });
