import { parseArgs } from 'node:util';
import { ZHeartbeatResponse } from '@quantics/contracts';
import { ReaderClient, sleep } from './client.ts';
import { type FixedFormat, impinjFormat, speedwayFormat, zebraFormat } from './fixed-formats.ts';
import { runFixedReader } from './fixed-reader.ts';
import { live } from './live.ts';
import { pair } from './pair.ts';
import { fromCatalogue, fromEpcFile, randomTags, shape } from './population.ts';
import { runReader, type ScanOptions, teamShares } from './scan.ts';
import { DEFAULT_STATE, loadState } from './state.ts';

const HELP = `Quantics reader simulator: a handheld UHF reader speaking the reader protocol (v1) over HTTP.

Usage: npm run reader-sim -- <command> [options]

Commands
  pair        Start pairing, print the 6-digit code, wait until someone confirms it in the portal
              (Devices > Register Device), then keep the device token in the state file.
                --server URL        portal address (e.g. http://localhost:3000)     [required]
                --serial SN         reader serial number                            [required]
                --model NAME        reader model (default "Quantics SimReader")
                --readers N         pair N readers at once (serials SN-1..SN-N; N codes to confirm)
  heartbeat   Send battery and signal for every reader in the state file.
                --battery 0-100     (default 85)     --signal 0-4 (default 3)
                --every SECONDS     keep sending at this interval until stopped
  scan        Run an audit: read the tag population the way a handheld does (each tag several times, with an
              RSSI), send a batch every --batch-ms, keep unsent batches in an offline queue and resend them with
              the same batch_seq until the server answers, then complete the audit.
                --epcs FILE         tag population: one EPC per line, or "EPC,units"
                --catalogue         tag population from the catalogue export (needs --user-token): every product's
                                    quantity becomes that many tags
                --user-token=TOKEN  a person's bearer token, to read the catalogue
                --location-id N     audit this location (and its sub-locations); default the whole catalogue
                --room NAME         a Dutchie company: audit this room (e.g. "Sales Floor"); default the whole
                                    store. Tags: --epcs (the inventory report's EPC column lists each package's)
                --name TEXT         audit name
                --missing N         leave N expected tags unread
                --extra N           add N extra units of expected products
                --misplaced N       add one unit of N products placed outside the location (with --catalogue)
                --unknown N         add N tags that match no product
                --read-rate R       reads per second per reader (default 400; 0 = as fast as possible)
                --repeats N         times each tag is read, at least (default 3)
                --batch-ms MS       batch interval (default 500)
                --readers N         split the population over N readers, scanning at once (default 1): N
                                    audits, one each; with --team, one audit counted together
                --team              a team count: the first reader starts one audit, the others (each a reader
                                    of its own: pair --readers N first) find it among the counts in progress
                                    (GET /api/rfid/audits/open) and join it, each sends its own batches from 0,
                                    and the last one to complete its part completes the audit
                --overlap P         with --team, the share (0-1) of the next reader's tags each also reads: the
                                    same tags from two readers, counted once (default 0.2)
                --drop-rate P       lose this share (0-1) of requests or their answers (default 0)
                --json              print the result as one JSON line
  live        Keep one reader switched on: pair it unless the state file has its token (print the code to confirm),
              then send heartbeats, audit now and then, and optionally go quiet for a while, until stopped.
                --server URL  --serial SN  [--model NAME]
                --battery 0-100  --signal 0-4     starting battery (drains slowly) and signal
                --heartbeat-every SECONDS   (default 20)
                --audit-every MINUTES       audit one of --location-ids this often (default 0: never); reads the
                                            catalogue with --user-token or $QUANTICS_USER_TOKEN
                --location-ids 4,7,9        locations to audit, one at random each time (default: whole catalogue)
                --offline-after SECONDS     go quiet after this long (default 0: never) ...
                --offline-for SECONDS       ... for this long, then come back (default 600)
  impinj      Be an Impinj R700's webhook (IoT device interface): post JSON arrays of tag events to
              /api/rfid/impinj/events with HTTP Basic, [] keep-alives when idle, other event types mixed in, and
              retry a failed post (5xx, no answer) with backoff, the same bytes again.
                --server URL  --serial SN  --password TOKEN   the webhook settings the portal showed
                --epcs FILE         tags in the field: one "EPC" or "EPC,units" a line; or --catalogue with
                                    --user-token; default --tags N random tags
                --tags N            random tags in the field (default 100)
                --rate R            tag events per second (default 200; 0 = as fast as the portal answers)
                --array-size N      events per post (default 50; the R700 batches up to its setting)
                --seconds S         keep posting this long, [] keep-alives once the tags are read (default 0:
                                    stop after every tag was read --repeats times)
                --keep-alive S      seconds between keep-alives when idle (default 10)
                --other-events P    share of posts carrying another event type too (default 0.2)
                --resend-rate P     share of posts sent again as if the answer was lost (default 0)
                --concurrency N     posts in flight at once (default 1, as the reader)
                --json              print the summary as one JSON line
  zebra       Be a Zebra FX7500/FX9600/ATR7000 through its IoT Connector's HTTP POST data endpoint: post
              /api/rfid/zebra/events with HTTP Basic, tag events batched in JSON arrays (--array-size 1: one event
              a post, as with batching off), HEARTBEAT and GPI events mixed in, a HEARTBEAT when idle, retries.
                --mode simple|inventory   SIMPLE sends eventNum, format and idHex only; INVENTORY (default) adds
                                    antenna, peakRssi, reads and TID
                the other options as for impinj
  speedway    Be an Impinj Speedway R420/R220/xArray through Speedway Connect's HTTP POST output (JSON): post
              /api/rfid/speedway/events with HTTP Basic, tag reads (epc, tid, antennaPort, peakRssi,
              firstSeenTimestamp in microseconds) one a post (--array-size 1) or in lists, heartbeats
              (isHeartBeat: true) mixed in and when idle, retries.
                the options as for impinj
Common
  --state FILE   state file (default ${DEFAULT_STATE})
  --help         this text
`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string' },
    serial: { type: 'string' },
    model: { type: 'string', default: 'Quantics SimReader' },
    readers: { type: 'string', default: '1' },
    state: { type: 'string', default: DEFAULT_STATE },
    battery: { type: 'string', default: '85' },
    signal: { type: 'string', default: '3' },
    every: { type: 'string' },
    epcs: { type: 'string' },
    catalogue: { type: 'boolean', default: false },
    'user-token': { type: 'string' },
    'location-id': { type: 'string' },
    room: { type: 'string' },
    name: { type: 'string' },
    missing: { type: 'string', default: '0' },
    extra: { type: 'string', default: '0' },
    misplaced: { type: 'string', default: '0' },
    unknown: { type: 'string', default: '0' },
    'read-rate': { type: 'string', default: '400' },
    repeats: { type: 'string', default: '3' },
    'batch-ms': { type: 'string', default: '500' },
    'drop-rate': { type: 'string', default: '0' },
    json: { type: 'boolean', default: false },
    team: { type: 'boolean', default: false },
    overlap: { type: 'string', default: '0.2' },
    'heartbeat-every': { type: 'string', default: '20' },
    'audit-every': { type: 'string', default: '0' },
    'location-ids': { type: 'string', default: '' },
    'offline-after': { type: 'string', default: '0' },
    'offline-for': { type: 'string', default: '600' },
    password: { type: 'string' },
    tags: { type: 'string', default: '100' },
    rate: { type: 'string', default: '200' },
    'array-size': { type: 'string', default: '50' },
    seconds: { type: 'string', default: '0' },
    'keep-alive': { type: 'string', default: '10' },
    'other-events': { type: 'string', default: '0.2' },
    'resend-rate': { type: 'string', default: '0' },
    concurrency: { type: 'string', default: '1' },
    mode: { type: 'string', default: 'inventory' },
    help: { type: 'boolean', default: false },
  },
});

const num = (name: keyof typeof values, min = 0, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`--${name} must be a number from ${min} to ${max}`);
  return n;
};
const log = (s: string) => process.stdout.write(`${s}\n`);

/** The fixed reader a command stands in for, or null when the command is not one. */
function fixedFormatOf(command: string | undefined, serial: string, mode: string): FixedFormat | null {
  const name = serial.toLowerCase();
  if (command === 'impinj') return impinjFormat(`impinj-${name}`);
  if (command === 'speedway') return speedwayFormat(`SpeedwayR-${name}`);
  if (command !== 'zebra') return null;
  if (mode !== 'simple' && mode !== 'inventory') throw new Error('--mode must be simple or inventory');
  return zebraFormat(mode, `FX9600${name}`);
}

async function main() {
  const command = positionals[0];
  if (values.help || !command) return log(HELP);
  if (command === 'pair') {
    if (!values.server || !values.serial) throw new Error('pair needs --server and --serial');
    return pair({
      server: values.server,
      serial: values.serial,
      model: values.model ?? 'Quantics SimReader',
      readers: num('readers', 1, 100),
      stateFile: values.state ?? DEFAULT_STATE,
      log,
    });
  }
  if (command === 'live') {
    if (!values.server || !values.serial) throw new Error('live needs --server and --serial');
    return live({
      server: values.server,
      serial: values.serial,
      model: values.model ?? 'Quantics SimReader',
      stateFile: values.state ?? DEFAULT_STATE,
      battery: num('battery', 0, 100),
      signal: num('signal', 0, 4),
      heartbeatSeconds: num('heartbeat-every', 1, 3600),
      auditEveryMinutes: num('audit-every', 0, 10_000),
      offlineAfterSeconds: num('offline-after', 0),
      offlineForSeconds: num('offline-for', 1),
      userToken: values['user-token'] ?? process.env.QUANTICS_USER_TOKEN ?? null,
      locationIds: (values['location-ids'] ?? '')
        .split(',')
        .filter(Boolean)
        .map((id) => {
          const n = Number(id);
          if (!Number.isInteger(n) || n < 1) throw new Error(`--location-ids: not a location id: ${id}`);
          return n;
        }),
      log,
    });
  }
  const fixedFormat = fixedFormatOf(command, values.serial ?? '', values.mode ?? 'inventory');
  if (fixedFormat) {
    if (!values.server || !values.serial || !values.password) {
      throw new Error(
        `${command} needs --server, --serial and --password (the webhook settings the portal showed)`,
      );
    }
    const locationId = values['location-id'] ? num('location-id', 1) : null;
    const tags = values.epcs
      ? fromEpcFile(values.epcs).inScope
      : values.catalogue && values['user-token']
        ? shape(await fromCatalogue(values.server, values['user-token'], locationId), {
            missing: 0,
            extra: 0,
            misplaced: 0,
            unknown: 0,
          }).tags
        : randomTags(num('tags', 1, 1_000_000));
    const summary = await runFixedReader({
      format: fixedFormat,
      server: values.server,
      serial: values.serial,
      password: values.password,
      tags,
      rate: num('rate'),
      arraySize: num('array-size', 1, 5000),
      seconds: num('seconds'),
      repeats: num('repeats', 1, 100),
      keepAliveSeconds: num('keep-alive', 1, 3600),
      otherEventRate: num('other-events', 0, 1),
      resendRate: num('resend-rate', 0, 1),
      concurrency: num('concurrency', 1, 64),
      log: values.json ? () => {} : log,
    });
    if (values.json) log(JSON.stringify(summary));
    return;
  }
  const state = loadState(values.state ?? DEFAULT_STATE);
  const dropRate = num('drop-rate', 0, 0.95);
  const clients = state.readers.map((r) => ({
    serial: r.serial,
    client: new ReaderClient(state.server, dropRate, r.device_token),
  }));
  if (command === 'heartbeat') {
    const body = { battery_level: num('battery', 0, 100), signal_strength: num('signal', 0, 4) };
    for (;;) {
      for (const c of clients) {
        const res = await c.client.postWithRetry('/api/rfid/heartbeat', body, { 200: ZHeartbeatResponse });
        log(`${c.serial}: ${res.status} ${res.error ? res.error.message : res.body.status}`);
        // A recount a manager started on this reader: a real handheld offers to join it.
        for (const r of res.body?.recounts ?? [])
          log(`${c.serial}: recount to join: audit ${r.audit_id} "${r.name}" (recount of ${r.recount_of})`);
      }
      if (!values.every) return;
      await sleep(num('every', 1) * 1000);
    }
  }
  if (command !== 'scan') throw new Error(`Unknown command ${command}; see --help`);
  const locationId = values['location-id'] ? num('location-id', 1) : null;
  let base: Awaited<ReturnType<typeof fromCatalogue>>;
  if (values.epcs) base = fromEpcFile(values.epcs);
  else if (values.catalogue && values['user-token'])
    base = await fromCatalogue(state.server, values['user-token'], locationId);
  else throw new Error('scan needs --epcs FILE, or --catalogue with --user-token');
  const population = shape(base, {
    missing: num('missing'),
    extra: num('extra'),
    misplaced: num('misplaced'),
    unknown: num('unknown'),
  });
  for (const note of population.notes) log(note);
  const readers = num('readers', 1, 1000);
  const isTeam = values.team ?? false;
  if (isTeam && clients.length < readers)
    throw new Error(`--team needs ${readers} paired readers in the state file (pair --readers ${readers})`);
  const shares = isTeam
    ? teamShares(population.tags, readers, num('overlap', 0, 1))
    : Array.from({ length: readers }, (_, i) => population.tags.filter((_, j) => j % readers === i));
  // A team count: the first reader starts it, the others join it once it has.
  let started: (id: number) => void = () => {};
  const teamAudit = new Promise<number>((resolve) => {
    started = resolve;
  });
  const joined: (() => void)[] = [];
  const allJoined = Promise.all(
    Array.from({ length: readers - 1 }, (_, i) => new Promise<void>((resolve) => (joined[i] = resolve))),
  );
  const teamRole = (i: number): ScanOptions['team'] =>
    !isTeam
      ? undefined
      : i === 0
        ? { role: 'start', started, allJoined }
        : { role: 'join', auditId: teamAudit, joined: () => joined[i - 1]?.() };
  const results = await Promise.all(
    Array.from({ length: readers }, (_, i) => {
      const c = clients[i % clients.length];
      if (!c) throw new Error('No paired reader in the state file');
      const tags = shares[i] ?? [];
      const serial = readers > 1 && !isTeam ? `${c.serial}#${i + 1}` : c.serial;
      const ownName = !isTeam && readers > 1 ? `${values.name} (${i + 1}/${readers})` : values.name;
      return runReader(c.client, serial, tags, {
        team: teamRole(i),
        name: values.name ? (ownName ?? null) : null,
        locationId,
        room: values.room ?? null,
        readRate: num('read-rate'),
        repeats: num('repeats', 1, 100),
        batchMs: num('batch-ms', 10, 60_000),
        battery: num('battery', 0, 100),
        signal: num('signal', 0, 4),
        log: values.json ? () => {} : log,
      });
    }),
  );
  const summary = {
    readers: results.length,
    team: isTeam,
    tags: population.tags.length,
    reads_sent: results.reduce((n, r) => n + r.reads_sent, 0),
    batches: results.reduce((n, r) => n + r.batches, 0),
    sends: results.reduce((n, r) => n + r.sends, 0),
    dropped: clients.reduce((n, c) => n + c.client.dropped, 0),
    retries: clients.reduce((n, c) => n + c.client.retries, 0),
    audits: results.map((r) => ({
      serial: r.serial,
      audit_id: r.audit_id,
      reads_sent: r.reads_sent,
      batches: r.batches,
      audit: r.audit,
    })),
  };
  log(
    values.json
      ? JSON.stringify(summary)
      : `Sent ${summary.reads_sent} reads in ${summary.batches} batches (${summary.dropped} requests or answers lost on the way, ${summary.retries} resent)`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`reader-sim: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
