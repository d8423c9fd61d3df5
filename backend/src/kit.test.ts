/** Plugins, the front-ends and the benchmarks reach the core only through the server kit and the test kit. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from './env.ts';

const ALLOWED = new Set(['@adsuite/backend', '@adsuite/backend/kit', '@adsuite/backend/testkit']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.includes('.local.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('the server kit', () => {
  it('is the only door into the backend for plugins, front-ends and benchmarks', () => {
    const deep = ['plugins', 'admin', 'portal', 'bench'].flatMap((folder) => sources(path.join(ROOT_DIR, folder))).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(@adsuite\/backend[^']*)'/g)]
        .filter((match) => !ALLOWED.has(match[1]))
        .map((match) => `${path.relative(ROOT_DIR, file)}: ${match[1]}`));
    expect(deep).toEqual([]);
  });

  it('is all the backend package exports', async () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT_DIR, 'backend', 'package.json'), 'utf8')) as { exports: Record<string, string> };
    expect(Object.keys(manifest.exports).sort()).toEqual(['.', './kit', './testkit']);
  });
});

describe('the core', () => {
  it('never imports the plugins: only the server\'s entries load them and hand them to startServer', () => {
    const ENTRIES = new Set(['backend/src/main.ts', 'backend/src/testing.ts', 'backend/src/auth/secondServer.ts']);
    const reaching = sources(path.join(ROOT_DIR, 'backend', 'src'))
      .map((file) => path.relative(ROOT_DIR, file))
      .filter((file) => !file.endsWith('.test.ts') && !ENTRIES.has(file))
      .flatMap((file) => [...readFileSync(path.join(ROOT_DIR, file), 'utf8').matchAll(/(?:from|import\()\s*'([^']*)'/g)]
        .filter((match) => /(^|\/)plugins\/|^@adsuite\/plugin-/.test(match[1]))
        .map((match) => `${file}: ${match[1]}`));
    expect(reaching).toEqual([]);
  });
});

describe('the server plugins', () => {
  it('are every enabled plugin with a server half, in plugins/servers.ts', async () => {
    const { PLUGINS } = await import('../../plugins/registry.ts');
    const { SERVER_PLUGINS } = await import('../../plugins/servers.ts');
    const { existsSync } = await import('node:fs');
    const withServer = PLUGINS.filter((name) => existsSync(path.join(ROOT_DIR, 'plugins', name, 'server', 'index.ts')));
    expect(Object.keys(SERVER_PLUGINS).sort()).toEqual([...withServer].sort());
  });
});
