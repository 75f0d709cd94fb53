import { ZSwitchCompanyResponse } from '@quantics/contracts';
import { api, setToken } from '@/lib/api-client';

export const postSwitchCompany = (companyId: number) =>
  api('/api/team/switch-company', { method: 'POST', body: { companyId }, schema: ZSwitchCompanyResponse });

/**
 * Per spec: the new session's token is stored and the application reloads, so nothing of the previous
 * company stays in memory. The old token no longer works.
 */
export async function switchCompany(companyId: number) {
  const { token } = await postSwitchCompany(companyId);
  setToken(token);
  window.location.assign('/dashboard');
}
