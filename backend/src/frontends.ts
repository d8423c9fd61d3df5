/** `npm start` builds a front-end when its build is missing or older than its sources. */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from './env.ts';

function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  const stat = statSync(dir);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(dir, entry)));
  }
  return latest;
}

/** Always a production build, also when started from a test runner that sets NODE_ENV=test. */
const BUILD_ENV = { ...process.env, NODE_ENV: 'production' };

export interface FrontEnd {
  workspace: string;
  dir: string;
  /** Other source folders bundled into it, besides its own and config/. */
  bundles?: () => string[];
}

/** The plugins' browser halves, which the admin bundles. */
const pluginScreens = () => {
  const plugins = path.join(ROOT_DIR, 'plugins');
  return existsSync(plugins) ? readdirSync(plugins).map((name) => path.join('plugins', name, 'ui')) : [];
};

export const FRONT_ENDS: FrontEnd[] = [
  { workspace: '@adsuite/portal', dir: 'portal' },
  { workspace: '@adsuite/admin', dir: 'admin', bundles: pluginScreens },
];

export function isStale(frontEnd: FrontEnd): boolean {
  const built = path.join(ROOT_DIR, frontEnd.dir, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const folders = [frontEnd.dir, 'config', ...(frontEnd.bundles?.() ?? [])];
  const sources = Math.max(...folders.map((folder) => newest(path.join(ROOT_DIR, folder))));
  return sources > statSync(built).mtimeMs;
}

export function buildFrontEnds(options: { onlyMissing?: boolean; log?: (line: string) => void } = {}) {
  const log = options.log ?? console.log;
  for (const frontEnd of FRONT_ENDS) {
    if (!existsSync(path.join(ROOT_DIR, frontEnd.dir, 'package.json'))) continue;
    const missing = !existsSync(path.join(ROOT_DIR, frontEnd.dir, 'dist', 'index.html'));
    if (options.onlyMissing ? !missing : !isStale(frontEnd)) continue;
    log(`Building ${frontEnd.workspace} (${missing ? 'no build yet' : 'sources changed'})...`);
    execFileSync('npm', ['run', 'build', '-w', frontEnd.workspace], { cwd: ROOT_DIR, env: BUILD_ENV, stdio: options.log ? 'pipe' : 'inherit' });
  }
}

/** Builds the stale front-ends one after another in child processes, without blocking the server. */
export async function buildFrontEndsInBackground(log: (line: string) => void = console.log): Promise<void> {
  for (const frontEnd of FRONT_ENDS) {
    if (!existsSync(path.join(ROOT_DIR, frontEnd.dir, 'package.json')) || !isStale(frontEnd)) continue;
    log(`Building ${frontEnd.workspace} in the background...`);
    const started = Date.now();
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn('npm', ['run', 'build', '-w', frontEnd.workspace], { cwd: ROOT_DIR, env: BUILD_ENV, stdio: ['ignore', 'ignore', 'inherit'] });
      child.on('exit', resolve);
      child.on('error', () => resolve(1));
    });
    log(code === 0 ? `Built ${frontEnd.workspace} in ${Math.round((Date.now() - started) / 1000)} s.` : `Building ${frontEnd.workspace} failed (exit ${code}).`);
  }
}
