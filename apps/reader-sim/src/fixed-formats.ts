import { randomBytes } from 'node:crypto';
import type { Tag } from './population.ts';

/**
 * What each fixed reader posts, shaped as the readers do (sources in docs/impinj-r700.md,
 * docs/zebra-iot-connector.md and docs/speedway-connect.md): the path it posts to, one tag event, another event
 * it mixes in, its keep-alive, and how a batch of events becomes a body.
 */
export type FixedFormat = {
  path: string;
  tagEvent: (tag: Tag) => object;
  otherEvent: () => object;
  keepAlive: () => string;
  body: (events: object[]) => unknown;
};

const antenna = () => 1 + Math.floor(Math.random() * 4);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** An Impinj R700 (IoT device interface): arrays of events, [] as keep-alive. */
export function impinjFormat(hostname: string): FixedFormat {
  return {
    path: '/api/rfid/impinj/events',
    tagEvent: (tag) => {
      const at = new Date()
        .toISOString()
        .replace('Z', `${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}Z`);
      const port = antenna();
      return {
        timestamp: at,
        hostname,
        eventType: 'tagInventory',
        tagInventoryEvent: {
          epcHex: tag.epc,
          tidHex: tag.tid,
          antennaPort: port,
          antennaName: `Antenna ${port}`,
          peakRssiCdbm: -4500 - Math.floor(Math.random() * 3000),
          frequency: 902_750 + 500 * Math.floor(Math.random() * 50),
          transmitPowerCdbm: 3000,
          lastSeenTime: at,
          // Fields Quantics does not read: the webhook must ignore them.
          phaseAngle: Math.round(Math.random() * 360 * 100) / 100,
          epc: randomBytes(12).toString('base64'),
        },
      };
    },
    otherEvent: () => {
      const timestamp = new Date().toISOString();
      return Math.random() < 0.5
        ? { timestamp, hostname, eventType: 'inventoryStatus', inventoryStatusEvent: { status: 'running' } }
        : {
            timestamp,
            hostname,
            eventType: 'gpiTransition',
            gpiTransitionEvent: { gpi: 1, transition: 'high-to-low' },
          };
    },
    keepAlive: () => '[]',
    body: (events) => events,
  };
}

/** Zebra's time: "2026-09-07T12:50:55.513+0000". */
const zebraTime = () => new Date().toISOString().replace('Z', '+0000');

/**
 * A Zebra FX7500/FX9600/ATR7000 through its IoT Connector's HTTP POST data endpoint. SIMPLE mode sends only
 * eventNum, format and idHex; INVENTORY (and CUSTOM with RSSI, ANTENNA, SEEN_COUNT and TID asked for) adds the
 * antenna, peak RSSI, read count and TID. Batching on (the HTTP POST default): an array every reportingInterval;
 * off (--array-size 1): one event a post, as an object. Idle, it posts its HEARTBEAT.
 */
export function zebraFormat(mode: 'simple' | 'inventory', hostname: string): FixedFormat {
  let eventNum = 0;
  const heartbeat = () => ({
    component: 'CPU',
    data: {
      hostName: hostname,
      radioConnection: 'connected',
      temperature: 40 + antenna(),
      cpu: { system: 9, user: 14 },
    },
    timestamp: zebraTime(),
    type: 'HEARTBEAT',
  });
  return {
    path: '/api/rfid/zebra/events',
    tagEvent: (tag) => {
      eventNum++;
      const data =
        mode === 'simple'
          ? { eventNum, format: 'epc', idHex: tag.epc.toLowerCase() }
          : {
              eventNum,
              format: 'epc',
              idHex: tag.epc.toLowerCase(),
              antenna: antenna(),
              peakRssi: -45 - Math.floor(Math.random() * 30),
              reads: 1 + Math.floor(Math.random() * 5),
              channel: 902.75 + 0.5 * Math.floor(Math.random() * 50),
              TID: tag.tid,
            };
      return { data, timestamp: zebraTime(), type: mode === 'simple' ? 'SIMPLE' : 'INVENTORY' };
    },
    otherEvent: () =>
      pick([
        heartbeat(),
        { data: { pin: 1, state: pick(['HIGH', 'LOW']) }, timestamp: zebraTime(), type: 'GPI' },
      ]),
    keepAlive: () => JSON.stringify([heartbeat()]),
    body: (events) => (events.length === 1 ? events[0] : events),
  };
}

/**
 * An Impinj Speedway R420/R220/R120 or xArray through Speedway Connect's HTTP POST output (JSON): one tag read a
 * post (--array-size 1) or a list; firstSeenTimestamp in microseconds since 1970; idle, a heartbeat
 * (isHeartBeat: true) with the reader's name and MAC address.
 */
export function speedwayFormat(readerName: string): FixedFormat {
  const mac = `00:16:25:${randomBytes(3).toString('hex').match(/../g)?.join(':')}`;
  const heartbeat = () => ({ isHeartBeat: true, reader_name: readerName, mac_address: mac });
  return {
    path: '/api/rfid/speedway/events',
    tagEvent: (tag) => ({
      antennaPort: antenna(),
      epc: tag.epc,
      tid: tag.tid,
      firstSeenTimestamp: Date.now() * 1000 + Math.floor(Math.random() * 1000),
      peakRssi: -45 - Math.floor(Math.random() * 30),
      isHeartBeat: false,
    }),
    otherEvent: heartbeat,
    keepAlive: () => JSON.stringify(heartbeat()),
    body: (events) => (events.length === 1 ? events[0] : events),
  };
}
