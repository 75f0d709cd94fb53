import type { DEVICE_MESSAGES } from '@quantics/contracts';

/**
 * The spec's devices texts as the screens show them, each typed against the contracts' constant so the server's
 * messages and these never drift apart.
 */
export const DEVICE_TEXTS = {
  title: 'RFID Devices' satisfies typeof DEVICE_MESSAGES.title,
  registerDevice: 'Register Device' satisfies typeof DEVICE_MESSAGES.registerDevice,
  registerFirst: 'Register First Device' satisfies typeof DEVICE_MESSAGES.registerFirst,
  empty: 'No devices found' satisfies typeof DEVICE_MESSAGES.empty,
  registering: 'Registering...' satisfies typeof DEVICE_MESSAGES.registering,
  codeFormat: 'Please enter a valid 6-digit code' satisfies typeof DEVICE_MESSAGES.codeFormat,
  loadFailed: 'Failed to load devices' satisfies typeof DEVICE_MESSAGES.loadFailed,
  deleteFailed: 'Failed to delete device' satisfies typeof DEVICE_MESSAGES.deleteFailed,
  renameFailed: 'Failed to update device name' satisfies typeof DEVICE_MESSAGES.renameFailed,
  registerFailed: 'Failed to register device' satisfies typeof DEVICE_MESSAGES.registerFailed,
  deleted: 'Device deleted successfully' satisfies typeof DEVICE_MESSAGES.deleted,
  renamed: 'Device name updated' satisfies typeof DEVICE_MESSAGES.renamed,
  registered: 'Device registered successfully!' satisfies typeof DEVICE_MESSAGES.registered,
  notFound: 'Device not found' satisfies typeof DEVICE_MESSAGES.notFound,
  nameRequired: 'Device name is required' satisfies typeof DEVICE_MESSAGES.nameRequired,
  serialRequired: 'Serial number is required' satisfies typeof DEVICE_MESSAGES.serialRequired,
  codeInvalid:
    'That code is wrong or has expired. Check the code on the reader, or start pairing again on it.' satisfies typeof DEVICE_MESSAGES.codeInvalid,
} as const;
