/**
 * `npm start`: the server as compiled JavaScript, not through a TypeScript loader (issue 11). The bundle
 * backend/dist/main.js (our TypeScript: backend, config, plugins; packages stay in node_modules) is built once
 * and again whenever one of its sources is newer, then run. `node backend/start.mjs --build` only builds.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'backend', 'dist', 'main.js');
const SOURCES = ['backend/src', 'config', 'plugins'];
const WORKSPACES = ['.', 'config', 'backend', ...readdirSync(path.join(ROOT, 'plugins')).map((name) => `plugins/${name}`)];

/** The newest modification time of the server's sources (browser screens and tests aside). */
function newestSource(dir = '', newest = 0) {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (['node_modules', 'dist', 'ui', 'test', '__snapshots__'].includes(entry.name)) continue;
    if (entry.isDirectory()) newest = newestSource(relative, newest);
    else if (/\.(ts|json)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) newest = Math.max(newest, statSync(path.join(ROOT, relative)).mtimeMs);
  }
  return newest;
}

function isStale() {
  let built = 0;
  try {
    built = statSync(OUT).mtimeMs;
  } catch {
    return true;
  }
  return SOURCES.some((dir) => newestSource(dir) > built);
}

/** Every package a workspace depends on stays external; only the @adsuite workspaces are bundled. */
function externals() {
  const names = new Set();
  for (const workspace of WORKSPACES) {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
      for (const name of Object.keys(manifest[field] ?? {})) if (!name.startsWith('@adsuite/')) names.add(name);
    }
  }
  return [...names].flatMap((name) => [name, `${name}/*`]);
}

export async function buildServer() {
  const { build } = await import('esbuild');
  const started = Date.now();
  await build({
    entryPoints: [path.join(ROOT, 'backend', 'src', 'main.ts')],
    outfile: OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: externals(),
    logLevel: 'warning',
  });
  console.log(`Compiled the server to backend/dist/main.js in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (isStale()) await buildServer();
if (!process.argv.includes('--build')) await import(pathToFileURL(OUT).href);
