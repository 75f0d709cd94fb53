import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';

/** Asks on the terminal for what the command line left out; a password is typed without echo. */
export async function ask(question: string, opts: { isSecret?: boolean } = {}): Promise<string> {
  if (!process.stdin.isTTY) {
    throw new Error(`${question.replace(/:\s*$/, '')} is missing, and there is no terminal to ask on`);
  }
  let isMuted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!isMuted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const answer = rl.question(question);
    isMuted = Boolean(opts.isSecret);
    const value = await answer;
    if (opts.isSecret) process.stdout.write('\n');
    return value.trim();
  } finally {
    rl.close();
  }
}
