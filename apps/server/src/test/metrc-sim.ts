import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SIM_MAIN = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'metrc-sim',
  'src',
  'main.ts',
);

/** The simulator's fixed keys (apps/metrc-sim/src/state.ts): the integrator's vendor key, two stores' user keys. */
export const METRC_VENDOR_KEY = 'msim_vendor_quantics_7e21';
export const METRC_USER_KEY = 'msim_user_greenleaf_4b8c';
export const METRC_LICENSE = 'C10-0000001-LIC';
export const METRC_USER_KEY_OTHER = 'msim_user_northside_9d3a';
export const METRC_LICENSE_OTHER = 'C10-0000002-LIC';

export type MetrcTransferInput = {
  licenseNumber: string;
  manifestNumber?: string;
  shipperName?: string;
  estimatedArrival?: string;
  lastModified?: string;
  isVoided?: boolean;
  packages: { label: string; itemName?: string; category?: string; quantity: number; unit?: string }[];
};

export type MetrcSimProcess = {
  url: string;
  addTransfer: (t: MetrcTransferInput) => Promise<{ Id: number; ManifestNumber: string; DeliveryId: number }>;
  fault: (f: {
    mode: 'none' | 'refuse' | 'rate-limit' | 'error';
    times?: number;
    retryAfter?: number;
  }) => Promise<void>;
  reset: () => Promise<void>;
  /** Calls per path (ids as {id}) since the last reset. */
  calls: () => Promise<Record<string, number>>;
  stop: () => Promise<void>;
};

/** Starts apps/metrc-sim as its own process on a free port (real HTTP between the two). */
export async function startMetrcSim(): Promise<MetrcSimProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SIM_MAIN, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`metrc-sim did not start: ${out}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`metrc-sim exited with ${code}: ${out}`)));
  });
  const post = async (path: string, body: unknown) => {
    const res = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`metrc-sim ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return {
    url,
    addTransfer: (t) => post('/__sim/transfers', t),
    fault: async (f) => {
      await post('/__sim/faults', f);
    },
    reset: async () => {
      await post('/__sim/reset', {});
    },
    calls: async () =>
      ((await (await fetch(`${url}/__sim/state`)).json()) as { calls: Record<string, number> }).calls,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
