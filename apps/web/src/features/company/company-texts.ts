import type { COMPANY_MESSAGES } from '@quantics/contracts';

/** The spec's company texts, typed against the contracts' constants. */
export const COMPANY_TEXTS = {
  loadFailed: 'Failed to load company information' satisfies typeof COMPANY_MESSAGES.loadFailed,
  updateFailed: 'Failed to update company' satisfies typeof COMPANY_MESSAGES.updateFailed,
  createFailed: 'Failed to create company' satisfies typeof COMPANY_MESSAGES.createFailed,
  switchFailed: 'Failed to switch company' satisfies typeof COMPANY_MESSAGES.switchFailed,
  nameRequired: 'Company name is required' satisfies typeof COMPANY_MESSAGES.nameRequired,
} as const;
