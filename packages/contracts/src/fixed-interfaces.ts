import { z } from 'zod';

/**
 * The ways a fixed reader posts what it reads, each to its own URL with the same HTTP Basic credentials (the
 * reader's serial number and its webhook password):
 * - `impinj-iot`: an Impinj R700's IoT device interface (./impinj.ts);
 * - `zebra-iot-connector`: a Zebra FX7500, FX9600, ATR7000 or FXR90 through its IoT Connector's HTTP POST data
 *   endpoint (https://zebradevs.github.io/rfid-ziotc-docs/);
 * - `speedway-connect`: an Impinj Speedway R120/R220/R420 or xArray through Speedway Connect's HTTP POST output
 *   (https://support.impinj.com/hc/en-us/articles/360000044739).
 * Unknown fields are ignored everywhere, so newer firmware keeps working.
 */
export const FIXED_READER_INTERFACES = ['impinj-iot', 'zebra-iot-connector', 'speedway-connect'] as const;
export type TFixedReaderInterface = (typeof FIXED_READER_INTERFACES)[number];

/** The R700's webhook (./impinj.ts). */
export const IMPINJ_WEBHOOK_PATH = '/api/rfid/impinj/events';
export const ZEBRA_WEBHOOK_PATH = '/api/rfid/zebra/events';
export const SPEEDWAY_WEBHOOK_PATH = '/api/rfid/speedway/events';
export const FIXED_READER_WEBHOOK_PATHS: Readonly<Record<TFixedReaderInterface, string>> = {
  'impinj-iot': IMPINJ_WEBHOOK_PATH,
  'zebra-iot-connector': ZEBRA_WEBHOOK_PATH,
  'speedway-connect': SPEEDWAY_WEBHOOK_PATH,
};
/** How the portal names each interface (the device list, the set-up dialog). */
export const FIXED_READER_INTERFACE_LABELS: Readonly<Record<TFixedReaderInterface, string>> = {
  'impinj-iot': 'Impinj IoT device interface',
  'zebra-iot-connector': 'Zebra IoT Connector',
  'speedway-connect': 'Impinj Speedway Connect',
};

export const ZFixedReaderInterface = z.enum(FIXED_READER_INTERFACES, {
  error: `interface must be one of ${FIXED_READER_INTERFACES.join(', ')}`,
});

const ZEBRA_MODELS = /\b(FX7500|FX9600|ATR7000|FXR90)\b/i;
const SPEEDWAY_MODELS = /\b(R120|R220|R420|xArray|Speedway)\b/i;

/** The interface a model posts through when the set-up names none: Zebra and Speedway models, else the R700's. */
export function interfaceForModel(model: string | null | undefined): TFixedReaderInterface {
  if (model && ZEBRA_MODELS.test(model)) return 'zebra-iot-connector';
  if (model && SPEEDWAY_MODELS.test(model)) return 'speedway-connect';
  return 'impinj-iot';
}

/** A fixed reader's stored interface; one added before there was a choice (null) is an R700's. */
export const storedInterface = (stored: string | null | undefined): TFixedReaderInterface =>
  FIXED_READER_INTERFACES.find((i) => i === stored) ?? 'impinj-iot';
