import type { TTwoFactorRemindersResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const postTwoFactorReminders = () =>
  api<TTwoFactorRemindersResponse>('/api/team/two-factor-reminders', { method: 'POST' });
