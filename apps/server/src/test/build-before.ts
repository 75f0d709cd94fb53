import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');

/** Whether this clone has `commit` (a shallow clone may not): the tests that run it skip without. */
export function hasCommit(commit: string): boolean {
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The server of an earlier commit, ready to run with startServerProcess({ root }): its server and contracts taken
 * out of git (`git archive`, no worktree to clean up), on this checkout's installed packages (the dependencies of
 * the commits these tests name are this one's, less what was added since), its own contracts in their place.
 * `remove` deletes it.
 */
export function checkoutOf(commit: string): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), `quantics-${commit}-`));
  const archive = execFileSync(
    'git',
    ['archive', commit, 'package.json', 'tsconfig.base.json', 'apps/server', 'packages/contracts'],
    { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 },
  );
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  const modules = join(root, 'node_modules');
  mkdirSync(join(modules, '@quantics'), { recursive: true });
  for (const name of readdirSync(join(ROOT, 'node_modules')))
    if (name !== '@quantics') symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  symlinkSync(join(root, 'packages', 'contracts'), join(modules, '@quantics', 'contracts'));
  const serverModules = join(ROOT, 'apps', 'server', 'node_modules');
  if (existsSync(serverModules)) symlinkSync(serverModules, join(root, 'apps', 'server', 'node_modules'));
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
