import { DEVICE_MESSAGES } from '@quantics/contracts';

/**
 * The screen's own texts (labels, toasts, empty states), word for word from the spec. The API's messages are the
 * contracts' constants, referenced here rather than retyped, so there is one copy of each.
 */
export const DEVICE_TEXTS = {
  title: 'RFID Devices',
  registerDevice: 'Register Device',
  registerFirst: 'Register First Device',
  empty: 'No devices found',
  registering: 'Registering...',
  codeFormat: DEVICE_MESSAGES.codeFormat,
  loadFailed: 'Failed to load devices',
  deleteFailed: 'Failed to delete device',
  renameFailed: 'Failed to update device name',
  registerFailed: 'Failed to register device',
  deleted: 'Device deleted successfully',
  renamed: 'Device name updated',
  registered: 'Device registered successfully!',
} as const;
