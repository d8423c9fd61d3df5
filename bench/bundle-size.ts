/**
 * Front-end weight against the targets of issue 3: the JavaScript the public landing page loads (at most
 * 100 KB gzipped, no react-admin) and the admin's first load after sign-in (at most 500 KB gzipped, plugin
 * screens on demand). Measured in Chromium on the production builds served by the real server: every script
 * the page fetched, gzipped here (zlib level 6, what a server's compression sends). A stale build is rebuilt
 * first, under the shared build lock. Usage: npx tsx bench/bundle-size.ts
 */
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { FRONT_ENDS, isStale } from '@adsuite/backend/testkit';
import { startTestServer } from '@adsuite/backend/testkit';

const TARGETS_KB = { landing: 100, admin: 500 } as const;
const ROOT = new URL('..', import.meta.url).pathname;

for (const frontEnd of FRONT_ENDS.filter(isStale)) {
  console.log(`building ${frontEnd.workspace} (stale or missing)...`);
  execFileSync('flock', ['/tmp/adsuite-build.lock', 'npm', 'run', 'build', '-w', frontEnd.workspace], {
    cwd: ROOT, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' },
  });
}

interface Script {
  path: string;
  raw: number;
  gzip: number;
}

/** Every script `page` fetches while `visit` runs, with its size as sent and gzipped. */
async function scriptsOf(page: Page, visit: () => Promise<void>): Promise<Script[]> {
  const pending: Promise<Script | undefined>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(response.body().then(
      (body) => ({ path: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 6 }).length }),
      () => undefined,
    ));
  });
  await visit();
  await page.waitForLoadState('networkidle');
  const unique = new Map<string, Script>();
  for (const script of await Promise.all(pending)) if (script) unique.set(script.path, script);
  return [...unique.values()].sort((a, b) => b.gzip - a.gzip);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function report(name: keyof typeof TARGETS_KB, label: string, scripts: Script[]) {
  const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0);
  const raw = scripts.reduce((sum, script) => sum + script.raw, 0);
  const within = gzip / 1024 <= TARGETS_KB[name];
  console.log(`\n${label}: ${kb(gzip)} KB gzipped (${kb(raw)} KB raw) in ${scripts.length} scripts; target <= ${TARGETS_KB[name]} KB: ${within ? 'met' : 'MISSED'}`);
  for (const script of scripts) console.log(`  ${kb(script.gzip).padStart(7)} KB  ${script.path}`);
  return { gzip, within };
}

const server = await startTestServer();
let browser: Browser | undefined;
try {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });

  const visitor = await browser.newPage();
  const landing = await scriptsOf(visitor, async () => {
    await visitor.goto(`${server.url}/landing`);
  });
  const reactAdmin = landing.some((script) => /react-admin|mui/.test(script.path));
  report('landing', 'landing page /landing (German, first visit)', landing);
  console.log(`  react-admin or MUI loaded: ${reactAdmin ? 'YES' : 'no'}`);
  await visitor.context().close();

  // The first load of the member area: signed in, the advertiser's dashboard opened from scratch.
  const member = await (await browser.newContext()).newPage();
  const token = await server.token('advertiser@demo.test');
  await member.goto(`${server.url}/login`);
  await member.evaluate(([accessToken]) => {
    localStorage.setItem('token', accessToken);
    localStorage.setItem('created', String(Date.now()));
    localStorage.setItem('role', 'advertiser');
  }, [token]);
  const admin = await scriptsOf(member, async () => {
    await member.goto(`${server.url}/`);
    await member.locator('#react-admin-title').waitFor();
  });
  report('admin', 'admin first load / (advertiser, dashboard)', admin);
  await member.context().close();
} finally {
  await browser?.close();
  await server.stop();
}
