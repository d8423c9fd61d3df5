/**
 * The API hot path (issue 11) against a bare Node `http` server measured in the same run, at 50 concurrent
 * clients (autocannon): the advertiser's booking list page (`GET /api/booking?range=[0,9]`, signed in) and
 * `/api/health`, as a ratio of requests per second; the list's p99 at half its peak rate; the resident memory
 * of every server process under that load; and the time from start to first answer (fresh database, and a
 * restart). AdSuite runs as `npm start` does (compiled, WEB_CONCURRENCY processes) on PostgreSQL.
 * Usage: DATABASE_URL=postgres://... npx tsx bench/api-hotpath.ts [seconds per run, default 10]
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { buildServer, startCompiledServer } from './lib/server.ts';
import autocannon from 'autocannon';
import { loadTest } from 'loadtest';
import { createTestDatabase } from '@adsuite/backend/testkit';
import { processesOf, rssOf } from './lib/processes.ts';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = 50;
if (!process.env.DATABASE_URL) throw new Error('api-hotpath measures on PostgreSQL: set DATABASE_URL');

/** Peak throughput: 50 connections, each sending its next request when the last is answered (autocannon). */
async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * Latency at a fixed rate: requests sent at even intervals whatever the answers do (loadtest's
 * requestsPerSecond, an open loop; autocannon's rate sends each second's quota in a burst at its start).
 */
async function paced(url: string, headers: Record<string, string>, requestsPerSecond: number) {
  // loadtest 8 answers a promise without a callback; its bundled types still describe the callback form.
  const run = loadTest as unknown as (options: object) => Promise<{ totalErrors: number; effectiveRps: number; percentiles: Record<number, number> }>;
  const result = await run({ url, headers, requestsPerSecond, maxSeconds: SECONDS, agentKeepAlive: true, quiet: true });
  if (result.totalErrors) throw new Error(`${url}: ${result.totalErrors} errors at ${requestsPerSecond} req/s`);
  return { rps: result.effectiveRps, p50: result.percentiles[50], p99: result.percentiles[99] };
}

async function startAdSuite(databaseUrl: string, port: number): Promise<{ child: ChildProcess; startMs: number }> {
  return startCompiledServer({ name: 'hotpath', databaseUrl, port });
}

async function stopAdSuite(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

buildServer();
const db = await createTestDatabase();
const bare = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end('{"status":"ok"}');
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const barePort = (bare.address() as { port: number }).port;
const port = 21000 + Math.floor(Math.random() * 20000);
try {
  const fresh = await startAdSuite(db.url, port);
  await stopAdSuite(fresh.child);
  const { child, startMs } = await startAdSuite(db.url, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const signin = await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'advertiser@demo.test', password: 'demo-password' }) });
    const { accessToken } = (await signin.json()) as { accessToken: string };
    const listHeaders = { Authorization: `Bearer ${accessToken}`, Language: 'de' };
    const listUrl = `${base}/api/booking?range=${encodeURIComponent('[0,9]')}`;

    const bareRun = await load(`http://127.0.0.1:${barePort}/`);
    const health = await load(`${base}/api/health`);
    let memory: { pid: number; mb: number }[] = [];
    // Found once: a pgrep (a process execFileSync waits for) in every sample stood the generator still while it timed.
    const pids = processesOf(child.pid!);
    const sampling = setInterval(() => {
      const now = rssOf(pids);
      if (now.reduce((sum, p) => sum + p.mb, 0) > memory.reduce((sum, p) => sum + p.mb, 0)) memory = now;
    }, 500);
    const list = await load(listUrl, listHeaders);
    clearInterval(sampling);
    const half = await paced(listUrl, listHeaders, Math.round(list.rps / 2));

    const ratio = (rps: number) => `${((rps / bareRun.rps) * 100).toFixed(1)} %`;
    console.log(`processes: ${memory.length > 1 ? `${memory.length - 1} workers + primary` : 'one process'} (WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? 'default'}), ${CONNECTIONS} connections, ${SECONDS} s per run`);
    console.log(`bare node http          ${bareRun.rps.toFixed(0).padStart(7)} req/s`);
    console.log(`/api/health             ${health.rps.toFixed(0).padStart(7)} req/s  = ${ratio(health.rps)} of bare (target >= 25 %)`);
    console.log(`booking list page       ${list.rps.toFixed(0).padStart(7)} req/s  = ${ratio(list.rps)} of bare (target >= 5 %), p99 ${list.p99} ms at peak`);
    console.log(`list at half its peak   ${half.rps.toFixed(0).padStart(7)} req/s  p50 ${half.p50} ms, p99 ${half.p99} ms (target <= 25 ms)`);
    console.log(`RSS under list load     ${memory.map((p) => `${p.mb} MB`).join(', ')} (primary first; target <= 300 MB each)`);
    console.log(`start to first answer   ${fresh.startMs.toFixed(0)} ms on a fresh database (migrate + seed), ${startMs.toFixed(0)} ms on a restart (target < 3000 ms)`);
  } finally {
    await stopAdSuite(child);
  }
} finally {
  bare.close();
  await db.drop();
}
