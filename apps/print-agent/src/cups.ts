import { spawn } from 'node:child_process';

/** A CUPS queue, printed to with `lp -o raw` so the ZPL reaches the Zebra untouched. */
export type CupsPrinter = { kind: 'cups'; name: string };

/** Reads `lpstat -p`: 'printer NAME is idle.', 'printer NAME now printing …', 'printer NAME disabled since …'. */
export function parseLpstat(output: string): { name: string; status: string }[] {
  const out: { name: string; status: string }[] = [];
  for (const line of output.split('\n')) {
    const m = /^printer (\S+) (is idle|now printing|disabled)/.exec(line);
    if (m?.[1]) out.push({ name: m[1], status: m[2] === 'disabled' ? 'disabled' : 'ready' });
  }
  return out;
}

function run(
  cmd: string,
  args: string[],
  input?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    // A command that exits without reading its input (or fails early) must not crash the utility with EPIPE.
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? '');
  });
}

/** The CUPS queues and their state; none when CUPS is not installed. */
export async function cupsPrinters(): Promise<{ name: string; status: string }[]> {
  try {
    const r = await run('lpstat', ['-p']);
    return r.code === 0 ? parseLpstat(r.stdout) : [];
  } catch {
    return [];
  }
}

/** Prints the format `copies` times in one raw job. */
export async function cupsPrint(p: CupsPrinter, zpl: string, copies: number): Promise<number> {
  const r = await run('lp', ['-d', p.name, '-o', 'raw'], zpl.repeat(copies));
  if (r.code !== 0)
    throw Object.assign(new Error(`${p.name}: ${r.stderr.trim() || 'lp failed'}`), { printed: 0 });
  return copies;
}

/**
 * Prints each format as its own CUPS job, in order; `onPrinted(i)` once CUPS took label i (CUPS does not say when a
 * label came out of the printer). Stops at the first refusal, with how many were taken.
 */
export async function cupsPrintEach(
  p: CupsPrinter,
  labels: readonly string[],
  onPrinted: (index: number) => void,
): Promise<number> {
  for (const [i, zpl] of labels.entries()) {
    const r = await run('lp', ['-d', p.name, '-o', 'raw'], zpl);
    if (r.code !== 0)
      throw Object.assign(new Error(`${p.name}: ${r.stderr.trim() || 'lp failed'}`), { printed: i });
    onPrinted(i);
  }
  return labels.length;
}
