import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** What `login` keeps: the portal's address and the utility's own token (never the password). */
export type AgentConfig = { server: string; token: string; email: string; agentName: string };

/** --config DIR, else the user's config folder: %APPDATA% on Windows, $XDG_CONFIG_HOME or ~/.config elsewhere. */
export function configDir(explicit?: string): string {
  if (explicit) return resolve(explicit);
  if (process.platform === 'win32' && process.env.APPDATA) return join(process.env.APPDATA, 'quantics-print');
  return join(process.env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'quantics-print');
}

const file = (dir: string) => join(dir, 'config.json');

export function readConfig(dir: string): AgentConfig | null {
  if (!existsSync(file(dir))) return null;
  const data = JSON.parse(readFileSync(file(dir), 'utf8')) as Partial<AgentConfig>;
  return data.server && data.token ? (data as AgentConfig) : null;
}

/** Written readable by the user only (0600, in a 0700 folder): the token prints labels in their name. */
export function writeConfig(dir: string, config: AgentConfig): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(file(dir), `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file(dir), 0o600);
  return file(dir);
}

export function removeConfig(dir: string): void {
  rmSync(file(dir), { force: true });
}
