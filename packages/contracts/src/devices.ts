import { z } from 'zod';
import { ZFixedReaderInterface } from './fixed-interfaces.ts';

/** The API's device messages (validation and errors), word for word; the screens' own texts live in the web app. */
export const DEVICE_MESSAGES = {
  codeFormat: 'Please enter a valid 6-digit code',
  notFound: 'Device not found',
  nameRequired: 'Device name is required',
  serialRequired: 'Serial number is required',
  codeInvalid:
    'That code is wrong or has expired. Check the code on the reader, or start pairing again on it.',
} as const;

export const serialTakenMessage = (serial: string) =>
  `A device with serial number ${serial} is already registered`;
export const deleteDeviceQuestion = (name: string) =>
  `Delete ${name}? The reader stops working with this company until it is paired again.`;

export const DEVICE_NAME_MAX = 100;
export const SERIAL_NUMBER_MAX = 100;

export const DEVICE_STATUSES = ['online', 'warning', 'offline'] as const;
export const ZDeviceStatus = z.enum(DEVICE_STATUSES);
export type TDeviceStatus = z.infer<typeof ZDeviceStatus>;

/** A reader is online when heard from within this window. */
export const DEVICE_ONLINE_WINDOW_MS = 2 * 60 * 1000;
/** Online readers below this battery level, or at or below WEAK_SIGNAL bars, show a warning. */
export const LOW_BATTERY = 20;
export const WEAK_SIGNAL = 1;
export const SIGNAL_BARS = 4;
/** The device list refreshes this often. */
export const DEVICE_REFRESH_MS = 5000;
export const DEVICE_CODE_LENGTH = 6;

/** Online when heard within 2 minutes; warning when online with battery under 20 or signal at most 1; else offline. */
export function deviceStatus(
  device: { lastSeen: Date | null; batteryLevel: number | null; signalStrength: number | null },
  now = new Date(),
): TDeviceStatus {
  if (!device.lastSeen || now.getTime() - device.lastSeen.getTime() > DEVICE_ONLINE_WINDOW_MS)
    return 'offline';
  const lowBattery = device.batteryLevel !== null && device.batteryLevel < LOW_BATTERY;
  const weakSignal = device.signalStrength !== null && device.signalStrength <= WEAK_SIGNAL;
  return lowBattery || weakSignal ? 'warning' : 'online';
}

/** Battery colour: green above 60, yellow above 20, else red. */
export function batteryColor(level: number): 'green' | 'yellow' | 'red' {
  if (level > 60) return 'green';
  if (level > 20) return 'yellow';
  return 'red';
}

/** What the code input keeps as one types: digits only, at most 6. */
export const normalizeDeviceCode = (value: string): string =>
  value.replace(/\D/g, '').slice(0, DEVICE_CODE_LENGTH);
export const isDeviceCode = (value: string): boolean => /^\d{6}$/.test(value);

export const DEVICE_KINDS = ['handheld', 'browser', 'fixed'] as const;
export const ZDeviceKind = z.enum(DEVICE_KINDS);
export type TDeviceKind = z.infer<typeof ZDeviceKind>;

export const ZDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A handheld speaking the reader protocol, a person's browser (the Count screen), or a fixed reader. */
  kind: ZDeviceKind,
  serial_number: z.string(),
  model: z.string().nullable(),
  firmware: z.string().nullable(),
  status: ZDeviceStatus,
  /** Null until the reader has sent a heartbeat. */
  battery_level: z.number().int().nullable(),
  /** 0 to 4 bars; null until the first heartbeat. */
  signal_strength: z.number().int().nullable(),
  last_seen: z.string().nullable(),
  /** True once the reader has paired and holds a working token. */
  is_paired: z.boolean(),
  /** A fixed reader's home location (or Dutchie room), where its counts are unless one names another. */
  location_id: z.number().int().nullable(),
  room: z.string().nullable(),
  /** A fixed reader's way in (the URL it posts to); null for handhelds and browsers. */
  interface: ZFixedReaderInterface.nullable(),
  created_at: z.string(),
});
export type TDevice = z.infer<typeof ZDevice>;
export const ZDevicesResponse = z.array(ZDevice);

const deviceName = z
  .string({ error: DEVICE_MESSAGES.nameRequired })
  .trim()
  .min(1, DEVICE_MESSAGES.nameRequired)
  .max(DEVICE_NAME_MAX, `Device name must be at most ${DEVICE_NAME_MAX} characters`);

export const ZSerialNumber = z
  .string({ error: DEVICE_MESSAGES.serialRequired })
  .trim()
  .min(1, DEVICE_MESSAGES.serialRequired)
  .max(SERIAL_NUMBER_MAX, `Serial number must be at most ${SERIAL_NUMBER_MAX} characters`)
  .regex(/^[\x21-\x7e]+$/, 'Serial number must be printable characters without spaces');

/** POST /api/devices: registers a reader by name and serial number before it pairs. */
export const ZCreateDeviceRequest = z.object({ name: deviceName, serial_number: ZSerialNumber });
export type TCreateDeviceRequest = z.input<typeof ZCreateDeviceRequest>;

/** PUT /api/devices/{id}: the name is the only thing people edit. */
export const ZUpdateDeviceRequest = z.object({ name: deviceName });
export type TUpdateDeviceRequest = z.input<typeof ZUpdateDeviceRequest>;

/** POST /api/rfid/register/confirm: the code the reader shows. */
export const ZRegisterConfirmRequest = z.object({
  code: z
    .string({ error: DEVICE_MESSAGES.codeFormat })
    .trim()
    .refine(isDeviceCode, DEVICE_MESSAGES.codeFormat),
});
export type TRegisterConfirmRequest = z.input<typeof ZRegisterConfirmRequest>;

export const ZRegisterConfirmResponse = z.object({ success: z.literal(true), device: ZDevice });
export type TRegisterConfirmResponse = z.infer<typeof ZRegisterConfirmResponse>;
/** A wrong or expired code, or too many wrong ones (success: false); a malformed body has only the message. */
export const ZRegisterErrorResponse = z.object({ success: z.literal(false).optional(), message: z.string() });
