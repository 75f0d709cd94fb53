import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';

/** A Node program the demo started, its output kept in memory and in logs/<name>.log. */
export type DemoProcess = {
  name: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in the output (checked again as output arrives). */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  /** Calls `fn` for every complete output line from now on. */
  onLine: (fn: (line: string) => void) => void;
  exited: Promise<number | null>;
  isRunning: () => boolean;
};

/**
 * The demo's child processes: each is `node --import tsx <file>` (no npm or shell in between, so a signal reaches
 * the program itself), and stopAll() ends every one of them and waits until they are gone.
 */
export class ProcessGroup {
  readonly #procs: DemoProcess[] = [];
  readonly #logs: WriteStream[] = [];

  constructor(
    private readonly cwd: string,
    private readonly logDir: string,
    private readonly onExit: (p: DemoProcess, code: number | null) => void = () => {},
  ) {}

  /** Starts a program meant to keep running (its exit is reported to onExit) or, with isOneShot, to finish. */
  start(name: string, args: string[], env: NodeJS.ProcessEnv, isOneShot = false): DemoProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: this.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = createWriteStream(join(this.logDir, `${name.replace(/[^\w.-]+/g, '-')}.log`), { flags: 'a' });
    this.#logs.push(log);
    let text = '';
    let partial = '';
    const changed = new Set<() => void>();
    const lineListeners: ((line: string) => void)[] = [];
    const onData = (chunk: Buffer) => {
      const s = chunk.toString();
      log.write(s);
      text = (text + s).slice(-200_000);
      partial += s;
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) for (const fn of lineListeners) fn(line);
      for (const fn of changed) fn();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const proc: DemoProcess = {
      name,
      child,
      output: () => text,
      onLine: (fn) => lineListeners.push(fn),
      waitFor: (pattern, timeoutMs = 60_000) =>
        new Promise((resolve, reject) => {
          const check = () => {
            const m = pattern.exec(text);
            if (!m) return;
            changed.delete(check);
            clearTimeout(timer);
            resolve(m);
          };
          const timer = setTimeout(() => {
            changed.delete(check);
            reject(new Error(`${name}: no ${pattern} within ${timeoutMs / 1000}s:\n${text.slice(-1500)}`));
          }, timeoutMs);
          changed.add(check);
          check();
          void exited.then((code) => {
            if (!changed.has(check)) return;
            changed.delete(check);
            clearTimeout(timer);
            reject(new Error(`${name} exited (${code}) before ${pattern}:\n${text.slice(-1500)}`));
          });
        }),
      exited,
      isRunning: () => child.exitCode === null && child.signalCode === null,
    };
    if (!isOneShot) void exited.then((code) => this.onExit(proc, code));
    this.#procs.push(proc);
    return proc;
  }

  /** Runs a program to its end and answers its output; a non-zero exit is an error. */
  async run(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
    const p = this.start(name, args, env, true);
    const code = await p.exited;
    if (code !== 0) throw new Error(`${name} failed (${code}):\n${p.output().slice(-1500)}`);
    return p.output();
  }

  pids(): number[] {
    return this.#procs.filter((p) => p.isRunning() && p.child.pid).map((p) => p.child.pid as number);
  }

  /** SIGTERM to every program still running (newest first), SIGKILL to any still there after `graceMs`. */
  async stopAll(graceMs = 15_000): Promise<void> {
    const running = this.#procs.filter((p) => p.isRunning()).reverse();
    for (const p of running) p.child.kill('SIGTERM');
    const timer = setTimeout(() => {
      for (const p of running) if (p.isRunning()) p.child.kill('SIGKILL');
    }, graceMs);
    await Promise.all(running.map((p) => p.exited));
    clearTimeout(timer);
    await Promise.all(this.#logs.map((l) => new Promise((resolve) => l.end(resolve))));
  }
}
