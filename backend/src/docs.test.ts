/**
 * The manual stays a manual (STYLE "A README is a manual"): README.md is short and opens with the two commands, it
 * links every page of docs/, every relative link of the repository's Markdown leads to a file and heading that
 * exist, docs/performance.md keeps one table of figures with the command of each, and no page or comment speaks of
 * development sessions: the history of what was measured and tried belongs in `git log`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SKIPPED = new Set(['node_modules', 'dist', 'data', '.git', 'test-results', 'screenshots']);
const README_MAX_LINES = 250;

/** The repository's files (relative paths) whose name ends with one of `endings`, outside builds and dependencies. */
function filesEndingWith(endings: string[], dir = ROOT): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesEndingWith(endings, full));
    else if (endings.some((ending) => entry.name.endsWith(ending))) found.push(path.relative(ROOT, full));
  }
  return found;
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** A Markdown page without its fenced code blocks (a `#` there starts a comment, not a heading). */
const withoutFences = (markdown: string) => markdown.replace(/^( *)(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, '');

/** The text of a Markdown page without code, where a bracket is no link. */
const prose = (markdown: string) => withoutFences(markdown).replace(/`[^`\n]*`/g, '');

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutFences(markdown).replace(/`([^`\n]*)`/g, '$1').matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const slug = heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/** The relative links of a Markdown page: `[text](target)`, outside code. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map(([, target]) => target)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** What is wrong with a link of `file` to `target`, or null when it leads to an existing file and heading. */
function brokenLink(file: string, target: string): string | null {
  const [pathPart, anchor] = target.split('#', 2);
  const resolved = pathPart ? path.resolve(path.dirname(path.join(ROOT, file)), decodeURIComponent(pathPart)) : path.join(ROOT, file);
  if (!resolved.startsWith(ROOT + path.sep) && resolved !== ROOT) return `${file}: ${target} leads out of the repository`;
  if (!existsSync(resolved)) return `${file}: ${target} does not exist`;
  if (anchor && statSync(resolved).isFile() && resolved.endsWith('.md') && !headingAnchors(readFileSync(resolved, 'utf8')).has(anchor.toLowerCase())) {
    return `${file}: ${target} names no heading of ${path.relative(ROOT, resolved)}`;
  }
  return null;
}

describe('the README is a manual', () => {
  const readme = read('README.md');
  const lines = readme.split('\n');

  it(`has fewer than ${README_MAX_LINES} lines`, () => {
    expect(lines.length).toBeLessThan(README_MAX_LINES);
  });

  it('opens with the two commands: install and start, then test', () => {
    expect(lines[0]).toBe('# AdSuite');
    const opening = readme.slice(readme.indexOf('\n') + 1).trimStart();
    const block = opening.match(/^```(?:sh|bash|shell)\n([\s\S]*?)\n```/);
    expect(block, 'the README starts with a shell block').not.toBeNull();
    const commands = block![1].split('\n').map((line) => line.replace(/#.*$/, '').trim());
    expect(commands.slice(0, 2)).toEqual(['npm install && npm start', 'npm test']);
  });

  it('links every page of docs/', () => {
    const pages = readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
    expect(pages.length).toBeGreaterThan(0);
    const linked = new Set(relativeLinks(readme).map((target) => target.split('#')[0]));
    expect(pages.filter((page) => !linked.has(`docs/${page}`))).toEqual([]);
  });

  it('keeps a section on prices and money', () => {
    expect(readme).toMatch(/^#{2,3} Prices and money$/m);
  });
});

describe('the Markdown pages', () => {
  const pages = filesEndingWith(['.md']);

  it('are found: the README, docs/ and the plugins\' reference pages', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/api.md', 'docs/performance.md', 'plugins/finances/README.md']));
  });

  it('link only to files and headings that exist', () => {
    const broken = pages.flatMap((file) => relativeLinks(read(file)).map((target) => brokenLink(file, target))).filter(Boolean);
    expect(broken).toEqual([]);
  });
});

describe('docs/performance.md', () => {
  const page = read('docs/performance.md');

  it('holds one table of figures, each row with the command that reproduces it', () => {
    const tableLines = withoutFences(page).split('\n').filter((line) => line.startsWith('|'));
    const separators = tableLines.filter((line) => /^\|(\s*:?-+:?\s*\|)+$/.test(line));
    expect(separators).toHaveLength(1);
    const rows = tableLines.slice(2);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row, row).toMatch(/`npx tsx bench\/[\w-]+\.ts[^`]*` \|$/);
  });

  it('names every benchmark script, and only scripts that exist', () => {
    const scripts = readdirSync(path.join(ROOT, 'bench')).filter((name) => name.endsWith('.ts') && name !== 'run.ts');
    const named = new Set([...page.matchAll(/bench\/([\w-]+\.ts)/g)].map(([, name]) => name));
    expect(scripts.filter((script) => !named.has(script))).toEqual([]);
    expect([...named].filter((name) => !scripts.includes(name))).toEqual([]);
  });
});

describe('code and pages state current facts', () => {
  it('speak of no development session', () => {
    const numbered = /\bsessions? \d/i;
    const found = filesEndingWith(['.ts', '.tsx', '.mjs', '.md'])
      .flatMap((file) => read(file).split('\n').map((line, i) => (numbered.test(line) ? `${file}:${i + 1}: ${line.trim()}` : null)))
      .filter(Boolean);
    expect(found).toEqual([]);
  });
});
