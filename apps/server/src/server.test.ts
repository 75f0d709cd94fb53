import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './test/ports.ts';

const serverEntry = join(import.meta.dirname, 'server.ts');
let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
});

function start(env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'quantics-srv-')),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (d) => {
    output += d;
  });
  proc.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  child = proc;
  return { proc, exited, output: () => output };
}

async function waitForHealth(port: number) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    if (res?.ok) return res.json();
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

describe('the server process', () => {
  it('refuses a bad setting with one clear line and exits non-zero', async () => {
    const s = start({ PORT: 'not-a-port' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('Invalid configuration');
    expect(s.output()).toContain('PORT');
  });

  it('starts on an embedded database, answers health, and exits 0 after closing on SIGTERM', async () => {
    const port = await freePort();
    const s = start({ PORT: String(port), LOG_LEVEL: 'info' });
    expect(await waitForHealth(port)).toEqual({ status: 'ok' });
    s.proc.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.output()).toContain('shutting down');
    expect(s.output()).not.toMatch(/app-secret|APP_SECRET=/);
  }, 90_000);
});
