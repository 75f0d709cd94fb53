import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** What `pair` leaves behind for the other commands: the server and each paired reader's token. */
export type SimState = {
  server: string;
  readers: { serial: string; device_id: number; device_token: string; company_name: string }[];
};

export const DEFAULT_STATE = '.reader-sim.json';

export function loadState(file: string): SimState {
  if (!existsSync(file)) throw new Error(`No state file ${file}: run "pair" first`);
  return JSON.parse(readFileSync(file, 'utf8')) as SimState;
}

export function saveState(file: string, state: SimState) {
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}
