import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CLI = join(import.meta.dirname, '..', '..', 'apps', 'reader-sim', 'src', 'cli.ts');

export type SimRun = {
  child: ChildProcess;
  output: () => string;
  done: Promise<{ code: number | null; out: string }>;
};

/** The reader simulator as its own process, speaking the reader protocol to the server under test. */
export function readerSim(args: string[], stateFile: string): SimRun {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args, '--state', stateFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const done = new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out })),
  );
  return { child, output: () => out, done };
}

export const simStateFile = () => join(mkdtempSync(join(tmpdir(), 'e2e-reader-')), 'state.json');

/** Waits for the 6-digit code the simulator prints. */
export async function pairingCode(run: SimRun): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const code = /PAIRING CODE (\d{6})/.exec(run.output())?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no pairing code: ${run.output()}`);
}
