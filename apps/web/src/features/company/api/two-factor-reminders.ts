import { ZTwoFactorRemindersResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

export const postTwoFactorReminders = () =>
  api('/api/team/two-factor-reminders', { method: 'POST', schema: ZTwoFactorRemindersResponse });
