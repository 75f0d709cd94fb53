import { spawn } from 'node:child_process';
import { join } from 'node:path';

// What the reader simulator's process tests share: running the CLI, and calling the portal as a person.

const CLI = join(import.meta.dirname, 'cli.ts');

export type CliRun = {
  output: () => string;
  /** The exit code, stdout, and stderr (what the simulator says when it gives up: for a failing assertion). */
  done: Promise<{ code: number | null; out: string; err: string }>;
};

/** Runs the simulator's CLI with this state file; its stdout and stderr are collected. */
export function runCli(args: string[], stateFile: string): CliRun {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args, '--state', stateFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    err += d;
  });
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, out, err })),
  );
  return { output: () => out, done };
}

/** A JSON call to the portal with a person's bearer token. */
export async function callApi(url: string, token: string, method: string, path: string, body?: object) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}
