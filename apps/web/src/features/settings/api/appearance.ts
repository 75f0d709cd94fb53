import { type TAppearance, ZAppearance } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const putAppearance = (body: TAppearance) =>
  api('/api/settings/appearance', { method: 'PUT', body, schema: ZAppearance });
