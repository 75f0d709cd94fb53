import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT } from './mail';

/**
 * The print utility and the stand-in Zebra as the separate programs they are (apps/print-agent), for the print
 * page's browser tests: the printer saves each label it receives as a file the test reads.
 */
const REPO = join(import.meta.dirname, '..', '..');

type Proc = { child: ChildProcess; output: () => string; waitFor: (re: RegExp) => Promise<RegExpMatchArray> };

function run(script: string, args: string[]): Proc {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO, 'apps', 'print-agent', 'src', script), ...args],
    {
      cwd: REPO,
      stdio: 'pipe',
    },
  );
  let text = '';
  const onData = (c: Buffer) => {
    text += c.toString();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const waitFor = async (re: RegExp) => {
    for (let i = 0; i < 300; i++) {
      const m = text.match(re);
      if (m) return m;
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${re} from ${script}:\n${text}`);
  };
  return { child, output: () => text, waitFor };
}

export type PrintRig = {
  printerName: string;
  labels: () => string[];
  stopUtility: () => Promise<void>;
  /** null while the utility runs. */
  utilityExitCode: () => number | null;
  stop: () => Promise<void>;
};

const stopProc = (p: Proc) =>
  new Promise<void>((resolve) => {
    if (p.child.exitCode !== null) return resolve();
    p.child.once('exit', () => resolve());
    p.child.kill('SIGTERM');
  });

/** A stand-in Zebra, and the utility signed in as `email` with it as its printer, connected to the e2e server. */
export async function startPrintRig(
  email: string,
  password: string,
  printerName = 'Zebra ZD621R',
): Promise<PrintRig> {
  const out = mkdtempSync(join(tmpdir(), 'e2e-labels-'));
  const config = mkdtempSync(join(tmpdir(), 'e2e-utility-'));
  const printer = run('fake-printer.ts', ['--port', '0', '--out', out]);
  const port = (await printer.waitFor(/listening on 127\.0\.0\.1:(\d+)/))[1];
  const server = `http://127.0.0.1:${E2E_PORT}`;
  const login = run('cli.ts', [
    'login',
    '--server',
    server,
    '--email',
    email,
    '--password',
    password,
    '--config',
    config,
  ]);
  await login.waitFor(/Signed in to/);
  const utility = run('cli.ts', [
    'start',
    '--config',
    config,
    '--no-cups',
    '--printer',
    `${printerName}=127.0.0.1:${port}`,
  ]);
  await utility.waitFor(/Connected to/);
  return {
    printerName,
    labels: () =>
      readdirSync(out)
        .filter((f) => f.endsWith('.zpl'))
        .sort()
        .map((f) => readFileSync(join(out, f), 'utf8')),
    stopUtility: () => stopProc(utility),
    utilityExitCode: () => utility.child.exitCode,
    stop: async () => {
      await stopProc(utility);
      await stopProc(printer);
    },
  };
}
