import type { TFixedReaderInterface } from '@quantics/contracts';

/**
 * What to enter in each reader family's web console, step by step (docs/impinj-r700.md,
 * docs/zebra-iot-connector.md and docs/speedway-connect.md say the same at length, with their sources).
 */
export const READER_CONSOLE_STEPS: Readonly<Record<TFixedReaderInterface, readonly string[]>> = {
  'impinj-iot': [
    'Settings › IoT device interface › Webhook: the URL above, HTTP Basic authentication with the username and password above.',
    'Event types: tag inventory, with the TID, antenna port and peak RSSI included, so units that share an EPC are told apart by their TID.',
    'Start the inventory preset; the reader keeps posting, and a retried post is counted once.',
  ],
  'zebra-iot-connector': [
    'Communication › Zebra IoT Connector › Configuration: add an endpoint of type HTTP POST with the URL above, authentication Basic with the username and password above.',
    'Interfaces: send the Tag Data interface (and the Management Events interface, for heartbeats) to that endpoint.',
    'Operating mode: INVENTORY with TID added to the tag metadata, or CUSTOM with the tag metadata ANTENNA, RSSI, SEEN_COUNT and TID. SIMPLE sends the EPC alone, and units that share an EPC are told apart only by their TID: they would count as one.',
    'Leave batching on (a reporting interval of 1000 ms): each batch is one post, and a retried post is counted once.',
    'Connect the IoT Connector, then start the operating mode.',
  ],
  'speedway-connect': [
    'Speedway Connect › Output: HTTP Post, the URL above, HTTP authentication with the username and password above.',
    'Data format: JSON. Tag data: antenna port, peak RSSI, first seen timestamp and TID. Units that share an EPC are told apart only by their TID: without it they count as one.',
    'Heartbeat: on (every 60 seconds, say), so the reader shows online between reads.',
    'Operating mode: Inventory. Save and start.',
  ],
};
