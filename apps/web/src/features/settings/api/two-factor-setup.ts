import { ZTwoFactorSetupResponse } from '@quantics/contracts';
import { api } from '@/lib/api-client';

/** A fresh secret each time; nothing changes until a code from it is verified. */
export const postTwoFactorSetup = () =>
  api('/api/settings/2fa/setup', { method: 'POST', schema: ZTwoFactorSetupResponse });
