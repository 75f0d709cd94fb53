import {
  ZErrorResponse,
  ZPairingPaired,
  ZPairingPending,
  ZPairingStartResponse,
  ZPollTooFast,
} from '@quantics/contracts';
import { ReaderClient, sleep } from './client.ts';
import { type SimState, saveState } from './state.ts';

type Paired = SimState['readers'][number];

/** One reader through the pairing protocol: show the code, poll at the server's interval until confirmed. */
export async function pairOne(client: ReaderClient, serial: string, model: string, log: (s: string) => void) {
  const start = await client.postWithRetry(
    '/api/rfid/register/start',
    { serial_number: serial, model },
    { 201: ZPairingStartResponse },
  );
  if (start.error) throw new Error(`start: ${start.status} ${JSON.stringify(start.error)}`);
  const { pairing_id, code, poll_secret, expires_in } = start.body;
  let interval = start.body.interval;
  log(
    `PAIRING CODE ${code} for ${serial} (type it in the portal under Devices > Register Device; expires in ${expires_in}s)`,
  );
  for (;;) {
    await sleep(interval * 1000);
    const res = await client.postWithRetry(
      '/api/rfid/register/poll',
      { pairing_id, poll_secret },
      // 429: polling faster than the interval (which it gives), or this address over its limit.
      { 200: ZPairingPaired, 202: ZPairingPending, 429: ZPollTooFast.or(ZErrorResponse) },
    );
    if (res.error) throw new Error(`pairing ${serial}: ${res.status} ${res.error.message}`);
    if (res.status === 202) continue;
    if (res.status === 429) {
      interval = ('interval' in res.body ? res.body.interval : interval) + 1;
      continue;
    }
    log(`PAIRED ${serial} as device ${res.body.device_id} with ${res.body.company_name}`);
    return { serial, ...res.body } satisfies Paired;
  }
}

export async function pair(opts: {
  server: string;
  serial: string;
  model: string;
  readers: number;
  stateFile: string;
  log: (s: string) => void;
}) {
  const client = new ReaderClient(opts.server);
  const serials = Array.from({ length: opts.readers }, (_, i) =>
    opts.readers === 1 ? opts.serial : `${opts.serial}-${i + 1}`,
  );
  const readers = await Promise.all(serials.map((s) => pairOne(client, s, opts.model, opts.log)));
  saveState(opts.stateFile, { server: opts.server, readers });
  opts.log(`Saved ${readers.length} reader token(s) to ${opts.stateFile}`);
}
