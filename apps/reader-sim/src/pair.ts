import { ReaderClient, sleep } from './client.ts';
import { type SimState, saveState } from './state.ts';

type Paired = SimState['readers'][number];

/** One reader through the pairing protocol: show the code, poll at the server's interval until confirmed. */
export async function pairOne(client: ReaderClient, serial: string, model: string, log: (s: string) => void) {
  const start = await client.postWithRetry('/api/rfid/register/start', { serial_number: serial, model });
  if (start.status !== 201) throw new Error(`start: ${start.status} ${JSON.stringify(start.body)}`);
  const { pairing_id, code, poll_secret, expires_in } = start.body as {
    pairing_id: string;
    code: string;
    poll_secret: string;
    expires_in: number;
  };
  let interval = Number(start.body.interval);
  log(
    `PAIRING CODE ${code} for ${serial} (type it in the portal under Devices > Register Device; expires in ${expires_in}s)`,
  );
  for (;;) {
    await sleep(interval * 1000);
    const res = await client.postWithRetry('/api/rfid/register/poll', { pairing_id, poll_secret });
    if (res.status === 202) continue;
    if (res.status === 429) {
      interval = Number(res.body.interval ?? interval) + 1;
      continue;
    }
    if (res.status === 200) {
      const body = res.body as { device_id: number; device_token: string; company_name: string };
      log(`PAIRED ${serial} as device ${body.device_id} with ${body.company_name}`);
      return { serial, ...body } satisfies Paired;
    }
    throw new Error(`pairing ${serial}: ${res.status} ${String(res.body.message ?? '')}`);
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
