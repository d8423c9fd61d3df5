/**
 * Plugin doors (ARCHITECTURE.md "Plugins"): a plugin that others use offers one public module, `server/kit.ts`,
 * as `@adsuite/backend/kit` does for the core; what its tests share with others' tests is `server/testkit.ts` and
 * `ui/testkit.ts`. No plugin reaches into
 * another's other files, so each may change them freely.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PLUGINS_DIR = path.dirname(fileURLToPath(import.meta.url));
const DOORS = ['server/kit.ts', 'server/testkit.ts', 'ui/testkit.ts'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The plugin a file lies in (`booking` for plugins/booking/server/x.ts), or null for plugins/*.ts. */
const pluginOf = (file: string): string | null => {
  const parts = path.relative(PLUGINS_DIR, file).split(path.sep);
  return parts.length > 1 ? parts[0] : null;
};

describe('plugin doors', () => {
  it('lets a plugin use another only through its server/kit.ts (and, in tests, its testkits)', () => {
    const deep: string[] = [];
    for (const file of sources(PLUGINS_DIR)) {
      const own = pluginOf(file);
      if (!own) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']*)'/g)) {
        const target = path.resolve(path.dirname(file), match[1]);
        const other = pluginOf(target);
        if (!other || other === own || !target.startsWith(PLUGINS_DIR)) continue;
        const inside = path.relative(path.join(PLUGINS_DIR, other), target).split(path.sep).join('/');
        if (!DOORS.includes(inside)) deep.push(`${path.relative(PLUGINS_DIR, file)}: ${match[1]}`);
      }
    }
    expect(deep).toEqual([]);
  });
});
