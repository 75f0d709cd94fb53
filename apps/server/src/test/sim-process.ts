import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A stand-in for an outside system (apps/<name>/src/main.ts: Dutchie, Metrc) run as its own process on a free port,
 * as the server talks to the real one: over HTTP. Its `/__sim/*` calls steer it from a test.
 */
export type SimProcess = {
  url: string;
  /** POST a JSON body to one of the stand-in's `/__sim/*` calls; a refusal throws with its answer. */
  post: (path: string, body: unknown) => Promise<unknown>;
  /** GET the stand-in's `/__sim/state`. */
  state: () => Promise<Record<string, unknown>>;
  stop: () => Promise<void>;
};

export async function startSimProcess(name: string, args: string[] = []): Promise<SimProcess> {
  const main = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', name, 'src', 'main.ts');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', main, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${out}`)), 20_000);
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
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}: ${out}`)));
  });
  return {
    url,
    post: async (path, body) => {
      const res = await fetch(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${name} ${path}: ${res.status} ${await res.text()}`);
      return res.headers.get('content-type')?.includes('json') ? res.json() : res.text();
    },
    state: async () => (await (await fetch(`${url}/__sim/state`)).json()) as Record<string, unknown>,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
