/**
 * The ad server's data plane (issue 12) against a bare Node `http` server measured in the same run, at 50
 * concurrent connections (autocannon): onsite events acknowledged by `POST /t/e` (each with its own client id,
 * answered 204 after its group commit) and clicks through the splitter `GET /s/{banner}/{lineitem}/1/{subid}`
 * (302 with a click id, after the commit that bills it), each as a ratio of requests per second to the bare
 * server answering a constant in the same shape (204 to a POST, a fixed 302 to a GET); the p99 latency of each at
 * half its peak rate (an open loop of keep-alive connections, timed after a 2-second warm-up at that rate), with
 * the bare server's at the same rate beside it, the machine's stalls and the database's slow commits during each
 * (pacer, STALL_MS, watchFlushes) and how crowded its cores were (cpuPerRequest: the share of the run the answering
 * main thread waited for a core, the CPU of the other processes); the resident memory of every server process under that load; the CPU each request cost in the
 * server, in PostgreSQL and in the load generator; and, as the floor of the same stack without a write, the
 * container script `GET /c/{advertiser}.js` (same middleware, answered from memory).
 * AdSuite runs as `npm start` does (compiled, WEB_CONCURRENCY processes) on PostgreSQL, with the demo data and
 * its 90 days of history (the run waits until the history job is done). The clicks are billed: the line item
 * (Client One Always-On / Platform 161, 0.45 euro CPC + 50 % fee) has no daily budget and its advertiser is
 * postpaid for the run, so every click goes through the rollups, the campaign counters and the hourly spend entry.
 * The ad server judges each click by what its visitor did before (invalid traffic, CLICK_SCREENING): each click comes
 * from a visitor of its own (its own cookie: no visitor clicks twice, so none is over the click rate), after a view of
 * the ad by the generator's browser (its IP and user agent: the view every visitor's click finds, as a browser whose
 * cookie the ad's iframe did not keep), so every click is valid and billed.
 * Usage: DATABASE_URL=postgres://... npx tsx bench/tracking.ts [seconds per run, default 10]
 * BENCH_CPU_PROF=<dir> writes a CPU profile of every server process there (node --cpu-prof; open it in Chrome's
 * DevTools or speedscope), WEB_CONCURRENCY=1 measures one server process. BENCH_CPU_EACH=1 prints the CPU per request
 * of each server process, BENCH_NODE_FLAGS="--trace-gc" passes node flags to the measured server, BENCH_HALF_EVENTS /
 * BENCH_HALF_CLICKS fix the rate of the paced runs (to compare two builds at one rate). BENCH_PROBE_SECONDS (3; 0: none)
 * sets how long the machine's standstills are measured before the runs (coreStandstills).
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { createServer } from 'node:http';
import { connect as connectSocket, type Socket } from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { buildServer, startCompiledServer } from './lib/server.ts';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { QueryTypes } from 'sequelize';
import { HTTPParser } from 'http-parser-js';
import { cpuMs, machineBusyMs, postgresPids, processesOf, rssOf, runQueueWaitMs } from './lib/processes.ts';
import { createTestDatabase } from '@adsuite/backend/testkit';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Seconds at the paced runs' rate before they are timed. */
const WARMUP_SECONDS = 2;
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
if (!process.env.DATABASE_URL) throw new Error('the tracking benchmark measures on PostgreSQL: set DATABASE_URL');

interface Shape {
  method: 'GET' | 'POST'; url: string; headers: Record<string, string>; status: number;
  /** The body of a request: `ID` becomes a new uuid in every request. */
  body?: string;
}

const VISITORS = Array.from({ length: 20_000 }, () => randomUUID());

/**
 * Every connection's own requests, each with its own client event id, as raw HTTP/1.1 bytes made before the run:
 * autocannon's `[<id>]` replacement announces a Content-Length for 27-character ids and sends shorter ones (8.0.0),
 * and rebuilding a request per send (setupRequest) costs the load generator, on the same cores, more than the
 * server. The buffers are handed to autocannon's request iterator of each connection (setupClient).
 */
function requestPools(shape: Shape, perConnection: number): Buffer[][] {
  return Array.from({ length: CONNECTIONS }, () => requestBuffers(shape, perConnection));
}

/**
 * `count` requests of the shape as raw HTTP/1.1 bytes, each with its own client event id and one of VISITORS' cookies
 * (`VISITOR`), or a visitor of its own (`NEW_VISITOR`).
 */
function requestBuffers(shape: Shape, count: number): Buffer[] {
  const url = new URL(shape.url);
  const head = `${shape.method} ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n${Object.entries(shape.headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}`;
  return Array.from({ length: count }, () => {
    // `VISITOR` in a header (the cookie) becomes one of VISITORS.
    const headers = head.replace('NEW_VISITOR', randomUUID()).replace('VISITOR', VISITORS[Math.floor(Math.random() * VISITORS.length)]);
    const body = shape.body?.replace('ID', randomUUID());
    return Buffer.from(body === undefined ? `${headers}\r\n` : `${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });
}

/** Peak throughput: 50 connections, each sending its next request when the last is answered (autocannon). */
async function load(shape: Shape) {
  // Up to 800 requests a second per connection (40,000 in all) before a connection sends an id again: a run of 15,000
  // onsite events a second would otherwise send some ids twice, each stored once (as the pipeline should), and the
  // stored events would fall short of the answered ones.
  const pools = shape.body || JSON.stringify(shape.headers).includes('VISITOR') ? requestPools(shape, SECONDS * 800) : null;
  let connection = 0;
  const result = await autocannon({
    url: shape.url, method: shape.method, headers: shape.headers, body: shape.body, connections: CONNECTIONS, duration: SECONDS,
    setupClient: (client) => {
      if (!pools) return;
      const iterator = (client as unknown as { requestIterator?: { requests: unknown[]; currentRequestIndex: number; currentRequest: unknown } }).requestIterator;
      if (!iterator) throw new Error('autocannon changed: no requestIterator on its client');
      iterator.requests = pools[connection++ % CONNECTIONS].map((requestBuffer) => ({ method: shape.method, requestBuffer }));
      iterator.currentRequestIndex = 0;
      iterator.currentRequest = iterator.requests[0];
    },
  });
  const wrong = result.errors + result.timeouts + (shape.status < 300 ? result.non2xx : result.requests.total - result['3xx']);
  if (wrong) throw new Error(`${shape.method} ${shape.url}: ${wrong} answers other than ${shape.status} (${result.errors} errors, ${result.timeouts} timeouts, 4xx ${result['4xx']}, 5xx ${result['5xx']})`);
  // A connection past the end of its pool sends its ids again: the stored count below would read short.
  if (pools && result.requests.total > CONNECTIONS * pools[0].length) console.log(`${shape.url}: ${result.requests.total} requests, more than the ${CONNECTIONS * pools[0].length} client event ids made for them`);
  return { rps: result.requests.average, answered: result.requests.total, p50: result.latency.p50, p99: result.latency.p99 };
}

/** BENCH_SLOW_MS=<ms>: a paced run lists its answers that took that long (see pacer). */
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 0);

/**
 * Latency at a fixed rate, an open loop: request i is due at start + i / rate whatever the answers do, and its latency
 * counts from when it was due (a request the generator sent late, or that waited for a free connection, counts its
 * wait: no coordinated omission). Up to 2 x CONNECTIONS keep-alive connections, one request at a time on each (a
 * new one is opened when all are busy, as undici's Pool does), the requests' bytes made before the run (each with
 * its own client event id and one of VISITORS' cookies, as in the peak run), the answers read by autocannon's HTTP
 * parser (http-parser-js). The generator shares the two cores with the server it measures, so it is lean: 53-90 us
 * of CPU per request at half the peak, where undici's Pool costs 76-115 us and loadtest 190-320.
 */
function pacer(shape: Shape, requestsPerSecond: number) {
  const url = new URL(shape.url);
  const interval = 1000 / requestsPerSecond;
  const most = CONNECTIONS * 2;
  const sockets = new Set<Socket>();
  /** Connections with nothing in flight (each with when it became idle), and the requests due while every connection was busy. */
  const idle: { send: (request: Buffer, due: number) => void; socket: Socket; since: number }[] = [];
  let queue: { request: Buffer; due: number }[] = [];
  let queued = 0;
  /** What the run in progress does with an answer (its latency, its status) and with a broken connection. */
  let answer: (due: number, status: number) => void = () => {};
  let broke: (error: Error) => void = () => {};
  const connect = () => {
    const socket = connectSocket(Number(url.port), url.hostname);
    socket.setNoDelay(true);
    sockets.add(socket);
    const parser = new HTTPParser(HTTPParser.RESPONSE);
    let due = -1;
    let status = 0;
    const send = (request: Buffer, at: number) => {
      due = at;
      socket.write(request);
    };
    parser[HTTPParser.kOnHeaders] = () => {};
    parser[HTTPParser.kOnHeadersComplete] = (info: { statusCode: number }) => void (status = info.statusCode);
    parser[HTTPParser.kOnBody] = () => {};
    parser[HTTPParser.kOnMessageComplete] = () => {
      const at = due;
      due = -1;
      if (queued < queue.length) {
        const next = queue[queued++];
        if (queued === queue.length) queue = [], queued = 0;
        send(next.request, next.due);
      } else idle.push({ send, socket, since: performance.now() });
      answer(at, status);
    };
    socket.on('data', (chunk: Buffer) => {
      const parsed = parser.execute(chunk);
      if (parsed instanceof Error) socket.destroy(parsed);
    });
    // An error closes the socket: the request in flight, if any, counts as wrong once, when it closes.
    let failed: Error | null = null;
    socket.on('error', (error) => void (failed = error));
    socket.on('close', () => {
      sockets.delete(socket);
      const at = idle.findIndex((connection) => connection.socket === socket);
      if (at >= 0) idle.splice(at, 1);
      if (due >= 0) broke(failed ?? new Error('connection closed before the answer'));
    });
    return send;
  };
  // Node's http server closes a keep-alive connection idle for 5 s (keepAliveTimeout, announced as `Keep-Alive:
  // timeout=5`): a request sent on it just then is lost with the connection. Connections idle for 4 s are closed
  // here first, as undici's Pool did (a run once lost 2 requests so).
  const sweeper = setInterval(() => {
    const now = performance.now();
    for (let i = idle.length - 1; i >= 0; i--) {
      if (now - idle[i].since < 4000) continue;
      idle[i].socket.destroy();
      idle.splice(i, 1);
    }
  }, 250);
  sweeper.unref();
  const dispatch = (request: Buffer, due: number) => {
    const send = idle.pop()?.send ?? (sockets.size < most ? connect() : null);
    if (send) send(request, due);
    else queue.push({ request, due });
  };
  /** Sends `seconds` worth of requests at the rate: each answer's latency, sorted, and the wall-clock span. */
  const send = async (requests: Buffer[], seconds: number) => {
    const total = requests.length;
    const latencies: number[] = [];
    const wrong: string[] = [];
    const slow: string[] = [];
    let settled = 0;
    let done = () => {};
    const finished = new Promise<void>((resolve) => (done = resolve));
    answer = (due, status) => {
      if (status !== shape.status) wrong.push(String(status));
      else {
        const latency = performance.now() - due;
        latencies.push(latency);
        // BENCH_SLOW_MS=<ms>: each slower answer as <when it was due, ms after the run's start>:<latency>.
        if (SLOW_MS && latency >= SLOW_MS) slow.push(`${Math.round(due - start)}:${Math.round(latency)}`);
      }
      if (++settled === total) done();
    };
    broke = (error) => {
      wrong.push(error.message);
      if (++settled === total) done();
    };
    const started = Date.now();
    const start = performance.now();
    let sent = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        while (sent < total && start + sent * interval <= now) dispatch(requests[sent], start + sent++ * interval);
        if (sent >= total) return resolve();
        setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
      };
      tick();
    });
    await finished;
    if (slow.length) console.log(`slow answers (ms after the start: latency) of ${shape.url.slice(0, 40)} at ${requestsPerSecond}/s over ${seconds} s: ${slow.join(' ')}`);
    if (wrong.length) throw new Error(`${shape.url}: ${wrong.length} answers other than ${shape.status} at ${requestsPerSecond} req/s (${[...new Set(wrong)].slice(0, 5).join(', ')})`);
    return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - start) / 1000, started, ended: Date.now() };
  };
  // Made before the runs: the CPU per request measured is the sending's and answering's, not the making's.
  const warmup = requestBuffers(shape, Math.round(requestsPerSecond * WARMUP_SECONDS));
  const timed = requestBuffers(shape, Math.round(requestsPerSecond * SECONDS));
  return {
    /** WARMUP_SECONDS at the rate, not timed (how many were answered): the connections are open and the server's caches warm when timing starts. */
    warm: async () => (await send(warmup, WARMUP_SECONDS)).latencies.length,
    async run() {
      try {
        const { latencies, seconds, started, ended } = await send(timed, SECONDS);
        const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 10) / 10;
        return { rps: latencies.length / seconds, answered: latencies.length, p50: at(0.5), p99: at(0.99), stalls: stallsBetween(started, ended) };
      } finally {
        clearInterval(sweeper);
        for (const socket of sockets) socket.destroy();
      }
    },
  };
}

/**
 * Latency at a fixed rate after a warm-up at that rate (see pacer); `measure` wraps the timed part (RSS and CPU
 * sampling). Without the warm-up, the first half second of a run opened up to a hundred connections (one is
 * opened whenever all are busy) through the cluster's primary to the workers, which took 40-230 ms per request then:
 * 3-8 % of a run's requests, so most of its p99 at these rates.
 */
async function paced<T = Paced>(shape: Shape, requestsPerSecond: number, measure: (run: () => Promise<Paced>) => Promise<T> = (run) => run() as Promise<T>): Promise<T & { warmup: number }> {
  const run = pacer(shape, requestsPerSecond);
  const warmup = await run.warm();
  return { ...(await measure(() => run.run())), warmup };
}

type Paced = Awaited<ReturnType<ReturnType<typeof pacer>['run']>>;

/**
 * Gaps in a thread of this generator that does nothing but run a 1 ms timer: when it is late by 20 ms or more, the
 * whole machine stood still (the host took its cores), for the server and the bare server alike. Each paced run
 * reports the gaps within it, so a run's p99 can be read against them.
 */
const STALL_MS = 20;
const stalls: { at: number; ms: number }[] = [];
const watcher = new Worker(`
  const { parentPort } = require('node:worker_threads');
  let last = Date.now();
  setInterval(() => { const now = Date.now(); if (now - last >= ${STALL_MS}) parentPort.postMessage({ at: last, ms: now - last }); last = now; }, 1);
`, { eval: true });
watcher.on('message', (stall: { at: number; ms: number }) => void stalls.push(stall));
watcher.unref();
/** How many of `noted` fell between `from` and `to`, and the longest of them (ms). */
function between(noted: { at: number; ms: number }[], from: number, to: number) {
  const within = noted.filter((stall) => stall.at >= from && stall.at <= to);
  return { count: within.length, longest: within.reduce((max, stall) => Math.max(max, stall.ms), 0) };
}
/** The machine's stalls and the database's slow commits (watchFlushes) of a run. */
function stallsBetween(from: number, to: number) {
  const flushes = between(flushStalls, from, to);
  return { ...between(stalls, from, to), flushes: flushes.count, longestFlush: flushes.longest };
}

/**
 * Slow commits of the database: a thread of this generator commits a one-row UPDATE every 50 ms on a connection of
 * its own (a commit waits for PostgreSQL's WAL flush, as every batch of the pipeline does) and notes each that took
 * STALL_MS or more. Each paced run reports them beside the machine's stalls: a flush the disk holds up holds up every
 * batch committed meanwhile, whatever the server does (on a slow disk, flushes of 25-500 ms wait in the kernel for
 * the disk's write-back while the cores are free; docs/performance.md "What the figures rest on").
 */
const flushStalls: { at: number; ms: number }[] = [];
function watchFlushes(databaseUrl: string): Worker {
  const flushWatcher = new Worker(`
    const { parentPort, workerData } = require('node:worker_threads');
    const pg = require(workerData.pg);
    (async () => {
      const client = new pg.Client({ connectionString: workerData.url });
      await client.connect();
      await client.query('CREATE TABLE IF NOT EXISTS bench_flush_probe (id integer PRIMARY KEY, n bigint NOT NULL)');
      await client.query('INSERT INTO bench_flush_probe VALUES (1, 0) ON CONFLICT DO NOTHING');
      for (;;) {
        const at = Date.now();
        const started = performance.now();
        await client.query('UPDATE bench_flush_probe SET n = n + 1 WHERE id = 1');
        const ms = performance.now() - started;
        if (ms >= ${STALL_MS}) parentPort.postMessage({ at, ms: Math.round(ms) });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })().catch((error) => parentPort.postMessage({ error: String(error?.message ?? error) }));
  `, { eval: true, workerData: { url: databaseUrl, pg: createRequire(import.meta.url).resolve('pg') } });
  flushWatcher.on('message', (message: { at: number; ms: number } | { error: string }) => {
    if ('error' in message) console.log(`the database's flush probe stopped: ${message.error}`);
    else flushStalls.push(message);
  });
  flushWatcher.unref();
  return flushWatcher;
}

/**
 * How often this machine takes a core away from a busy process: a CPU-bound thread per core runs fixed units of
 * work (about half a millisecond each) for PROBE_SECONDS, and a unit that took 2 ms or more longer than the median
 * unit is a moment its core stood still (another process of the machine, or the host taking the virtual core). The
 * servers measured here keep both cores busy at half their peak, so a request's latency meets these moments: a
 * standstill shorter than the 20 ms of STALL_MS, which the watcher above does not count, still lengthens a batch.
 */
const PROBE_SECONDS = Number(process.env.BENCH_PROBE_SECONDS ?? 3);
async function coreStandstills(): Promise<{ perCoreSecond: number; longest: number; cores: number }> {
  const cores = availableParallelism();
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const unit = (loops) => { let x = 0; for (let i = 0; i < loops; i++) x += Math.sqrt(i); return x; };
    let loops = 20000;
    for (;;) { const a = performance.now(); unit(loops); if (performance.now() - a >= 0.5) break; loops *= 2; }
    const times = [];
    const end = performance.now() + workerData.ms;
    while (performance.now() < end) { const a = performance.now(); unit(loops); times.push(performance.now() - a); }
    parentPort.postMessage(times);
  `;
  const runs = await Promise.all(Array.from({ length: cores }, () => new Promise<number[]>((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { ms: PROBE_SECONDS * 1000 } });
    worker.once('message', (times: number[]) => void worker.terminate().then(() => resolve(times)));
    worker.once('error', reject);
  })));
  let count = 0;
  let longest = 0;
  for (const times of runs) {
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
    for (const time of times) {
      if (time - median < 2) continue;
      count++;
      longest = Math.max(longest, time - median);
    }
  }
  return { perCoreSecond: count / (cores * PROBE_SECONDS), longest: Math.round(longest), cores };
}

/**
 * Where the CPU went while `work` ran, in microseconds per answered request: the server, PostgreSQL, this load
 * generator. And how crowded the two cores were: the share of the run the server's main thread (the one that
 * answers the requests; with WEB_CONCURRENCY workers, the primary's, which writes their billed batches) spent
 * waiting for a core while it had work, and how much of a core the machine's other processes and kernel threads
 * used meanwhile: a request's latency grows by every such wait, whatever the server's own code does.
 */
async function cpuPerRequest<T extends { answered: number }>(serverPid: number, work: () => Promise<T>): Promise<T & { cpu: { server: number; postgres: number; client: number }; crowd: Crowd }> {
  const server = () => processesOf(serverPid);
  const postgres = postgresPids();
  const before = { server: cpuMs(server()), postgres: cpuMs(postgres), client: process.cpuUsage(), busy: machineBusyMs(), waited: runQueueWaitMs(serverPid), at: performance.now() };
  const each = new Map(server().map((pid) => [pid, cpuMs([pid])]));
  const result = await work();
  if (process.env.BENCH_CPU_EACH) console.log(`CPU per process: ${[...each].map(([pid, ms]) => `${pid} ${Math.round(((cpuMs([pid]) - ms) * 1000) / Math.max(1, result.answered))} us`).join(', ')}`);
  const wall = performance.now() - before.at;
  const used = process.cpuUsage(before.client);
  const client = (used.user + used.system) / 1000;
  const serverMs = cpuMs(server()) - before.server;
  // PostgreSQL's backends of the run (those that ended meanwhile are not counted), and the machine's busy time.
  const postgresMs = cpuMs([...new Set([...postgres, ...postgresPids()])]) - before.postgres;
  const others = machineBusyMs() - before.busy - postgresMs - client - (serverPid === process.pid ? 0 : serverMs);
  const per = (ms: number) => Math.round((ms * 1000) / Math.max(1, result.answered));
  return {
    ...result,
    cpu: { server: per(serverMs), postgres: per(postgresMs), client: per(client) },
    crowd: { waited: Math.round(((runQueueWaitMs(serverPid) - before.waited) / wall) * 1000) / 10, others: Math.max(0, Math.round((others / wall) * 100)) },
  };
}

/** See cpuPerRequest: % of the run the server's main thread waited for a core, % of a core the machine's other processes and kernel threads used. */
interface Crowd { waited: number; others: number }

/**
 * The highest RSS of each process while `work` runs, sampled four times a second. Its processes are found once,
 * before the run: a `pgrep` in every sample stood this generator still for about 20 ms four times a second, 8 % of a
 * run, and showed in the runs' p99 and throughput (the bare server's runs, not sampled, never paid it).
 */
async function sampled<T>(pid: number, peak: Map<number, number>, work: () => Promise<T>): Promise<T> {
  const pids = processesOf(pid);
  const sample = () => {
    for (const { pid: p, mb } of rssOf(pids)) peak.set(p, Math.max(peak.get(p) ?? 0, mb));
  };
  const timer = setInterval(sample, 250);
  try {
    return await work();
  } finally {
    clearInterval(timer);
    sample();
  }
}

async function startAdSuite(databaseUrl: string, port: number, profile = false): Promise<ChildProcess> {
  // The workers of `npm start` inherit the primary's flags (cluster), so --cpu-prof profiles every process.
  // BENCH_NODE_FLAGS: node flags of the measured server (--trace-gc, say), its workers' too.
  const nodeFlags = [...(profile && process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : []),
    ...(profile ? (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean) : [])];
  // The server's output (a worker that ended, a refused batch) goes to BENCH_SERVER_LOG=<file>, else to a file of
  // its own in the system's temporary folder, whose end a failed start prints.
  return (await startCompiledServer({ name: 'tracking', databaseUrl, port, nodeFlags, log: process.env.BENCH_SERVER_LOG })).child;
}

async function stopAdSuite(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

buildServer();
const standstills = PROBE_SECONDS > 0 ? await coreStandstills() : null;
const db = await createTestDatabase();
const flushWatcher = watchFlushes(db.url);
const sql = <T extends object = Record<string, unknown>>(query: string, bind: unknown[] = []) => db.sequelize.query<T>(query, { bind, type: QueryTypes.SELECT });
const bare = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method === 'POST') res.writeHead(204).end();
    else res.writeHead(302, { Location: 'https://shop.demo.test/landing?adsuite_click=00000000-0000-4000-8000-000000000000' }).end();
  });
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}`;
const port = 21000 + Math.floor(Math.random() * 20000);
try {
  // First start: migrations, the demo data and its history (a background job of the pipeline), then the run's settings.
  const historyStarted = performance.now();
  const first = await startAdSuite(db.url, port);
  while (process.env.SEED_HISTORY_DAYS !== '0') {
    const [queued] = await sql<{ n: string }>(`SELECT count(*) AS n FROM jobs WHERE name = 'tracking.history' AND status IN ('queued', 'running')`);
    const [done] = await sql<{ n: string }>(`SELECT count(*) AS n FROM jobs WHERE name = 'tracking.history'`);
    if (Number(done.n) > 0 && Number(queued.n) === 0) break;
    if (performance.now() - historyStarted > 600_000) throw new Error('the demo history took more than 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const historySeconds = (performance.now() - historyStarted) / 1000;
  await stopAdSuite(first);
  const [lineitem] = await sql<{ id: string; advertiser_id: string; banner: string }>(
    `SELECT l.id, l.advertiser_id, l.creatives_ids[1] AS banner FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id
     WHERE c.name = 'Client One Always-On' AND l.channel = 'platform161'`);
  await sql(`UPDATE lineitems SET daily_budget = NULL, budget = NULL, autopaused = false, autopause_reason = NULL WHERE id = $1`, [lineitem.id]);
  await sql(`UPDATE advertisers SET billing_type = 'postpaid' WHERE id = $1`, [lineitem.advertiser_id]);
  const [{ n: historyEvents }] = await sql<{ n: string }>('SELECT count(*) AS n FROM events');

  const child = await startAdSuite(db.url, port, true);
  try {
    const base = `http://127.0.0.1:${port}`;
    // A product view on the shop, with the ad server's cookie of one of 20,000 visitors (sent along by the browser).
    const eventBody = JSON.stringify({ a: lineitem.advertiser_id, cls: 'product', id: 'ID', url: 'https://client-one.demo.test/p/SKU-1', product: 'SKU-1' });
    const event = (url: string): Shape => ({
      method: 'POST', url, headers: { 'Content-Type': 'text/plain', 'User-Agent': UA, Cookie: 'adsuite_v=VISITOR' }, body: eventBody, status: 204,
    });
    const click = (url: string): Shape => ({ method: 'GET', url, headers: { 'User-Agent': UA, Cookie: 'adsuite_v=NEW_VISITOR' }, status: 302 });
    const eventsUrl = `${base}/t/e`;
    const clicksUrl = `${base}/s/${lineitem.banner}/${lineitem.id}/1/bench?site=news.demo.test`;
    const memory = new Map<number, number>();
    const count = async () => (await sql<{ events: string; clicks: string; billed: string; invalid: string; bots: string }>(
      `SELECT count(*) FILTER (WHERE kind = 'event') AS events, count(*) FILTER (WHERE kind = 'click') AS clicks,
         count(*) FILTER (WHERE kind = 'click' AND cost_milli > 0) AS billed, count(*) FILTER (WHERE kind = 'click' AND invalid IS NOT NULL) AS invalid,
         count(*) FILTER (WHERE bot) AS bots
       FROM events WHERE created > now() - interval '1 hour'`))[0];
    // The view of the ad that every click finds (the generator's IP and user agent; see the top of this file).
    const seen = await fetch(`${base}/t/i.gif?banner=${lineitem.banner}&lineitem=${lineitem.id}&site=news.demo.test`, { headers: { 'User-Agent': UA } });
    if (seen.status !== 200) throw new Error(`the ad's view answered ${seen.status}`);
    const before = await count();

    // BENCH_ONLY=events or clicks measures only that part (the others read 0).
    const only = process.env.BENCH_ONLY;
    const skip = { rps: 0, answered: 0, p50: 0, p99: 0, cpu: { server: 0, postgres: 0, client: 0 }, stalls: { count: 0, longest: 0, flushes: 0, longestFlush: 0 }, crowd: { waited: 0, others: 0 }, warmup: 0 };
    const part = <T,>(name: string, work: () => Promise<T>): Promise<T | typeof skip> => (!only || only === name ? work() : Promise.resolve(skip));
    const bareEvents = await part('events', () => cpuPerRequest(process.pid, () => load(event(`${bareUrl}/t/e`))));
    const events = await part('events', () => sampled(child.pid!, memory, () => cpuPerRequest(child.pid!, () => load(event(eventsUrl)))));
    const bareClicks = await part('clicks', () => cpuPerRequest(process.pid, () => load(click(`${bareUrl}/s/x`))));
    const clicks = await part('clicks', () => sampled(child.pid!, memory, () => cpuPerRequest(child.pid!, () => load(click(clicksUrl)))));
    // The floor of the same stack without a write: the container script (the tracking router's middleware, a cached lookup).
    const script = await part('script', () => load({ method: 'GET', url: `${base}/c/${lineitem.advertiser_id}.js`, headers: { 'User-Agent': UA }, status: 200 }));
    // The bare server at the same rate first: what the generator itself adds (and its code warm for the run after).
    // BENCH_HALF_EVENTS / BENCH_HALF_CLICKS: a fixed rate instead of half the peak (to compare builds at one rate).
    const eventsRate = Number(process.env.BENCH_HALF_EVENTS ?? 0) || Math.round(events.rps / 2);
    const clicksRate = Number(process.env.BENCH_HALF_CLICKS ?? 0) || Math.round(clicks.rps / 2);
    const measured = (run: () => Promise<Paced>) => sampled(child.pid!, memory, () => cpuPerRequest(child.pid!, run));
    // The bare server answers in this process: its main thread is the one whose waits count there.
    const bareMeasured = (run: () => Promise<Paced>) => cpuPerRequest(process.pid, run);
    const halfBareEvents = await part('events', () => paced(event(`${bareUrl}/t/e`), eventsRate, bareMeasured));
    const halfEvents = await part('events', () => paced(event(eventsUrl), eventsRate, measured));
    const halfBareClicks = await part('clicks', () => paced(click(`${bareUrl}/s/x`), clicksRate, bareMeasured));
    const halfClicks = await part('clicks', () => paced(click(clicksUrl), clicksRate, measured));
    const after = await count();

    const ratio = (rps: number, of: number) => `${((rps / of) * 100).toFixed(1)} %`;
    const row = (name: string, rps: number, rest: string) => console.log(`${name.padEnd(30)} ${rps.toFixed(0).padStart(7)} req/s  ${rest}`);
    const processes = processesOf(child.pid!).length;
    console.log(`AdSuite tracking on PostgreSQL: compiled server, ${processes > 1 ? `${processes - 1} workers + primary` : 'one process'} (WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? 'default'}), ${CONNECTIONS} connections, ${SECONDS} s per run`);
    if (standstills) console.log(`machine: with all ${standstills.cores} cores busy (a CPU-bound thread each, ${PROBE_SECONDS} s), a core stood still for 2 ms or more ${standstills.perCoreSecond.toFixed(1)} times a second (longest ${standstills.longest} ms)`);
    console.log(`database: demo data with ${historyEvents} events of history (seeded by the pipeline in ${historySeconds.toFixed(0)} s)`);
    row('bare node http, POST -> 204', bareEvents.rps, `p50 ${bareEvents.p50} ms, p99 ${bareEvents.p99} ms`);
    row('POST /t/e (onsite events)', events.rps, `= ${ratio(events.rps, bareEvents.rps)} of bare (target >= 30 %), p50 ${events.p50} ms, p99 ${events.p99} ms at peak`);
    row('bare node http, GET -> 302', bareClicks.rps, `p50 ${bareClicks.p50} ms, p99 ${bareClicks.p99} ms`);
    row('GET /s/... (billed clicks)', clicks.rps, `= ${ratio(clicks.rps, bareClicks.rps)} of bare (target >= 30 %), p50 ${clicks.p50} ms, p99 ${clicks.p99} ms at peak`);
    row('GET /c/<id>.js (no write)', script.rps, `= ${ratio(script.rps, bareClicks.rps)} of bare GET: the same server and middleware answering from memory`);
    const stalled = (run: { stalls: { count: number; longest: number; flushes: number; longestFlush: number }; crowd: Crowd }) => `${run.stalls.count} machine stalls >= ${STALL_MS} ms${run.stalls.count ? ` (longest ${run.stalls.longest} ms)` : ''}, ${run.stalls.flushes} database commits >= ${STALL_MS} ms${run.stalls.flushes ? ` (longest ${run.stalls.longestFlush} ms)` : ''}, main thread waiting for a core ${run.crowd.waited} % of the run, other processes ${run.crowd.others} % of a core`;
    row('POST /t/e at half its peak', halfEvents.rps, `p50 ${halfEvents.p50} ms, p99 ${halfEvents.p99} ms (target <= 25 ms), ${stalled(halfEvents)}; the bare server at that rate p50 ${halfBareEvents.p50} / p99 ${halfBareEvents.p99} ms, ${stalled(halfBareEvents)}`);
    row('clicks at half their peak', halfClicks.rps, `p50 ${halfClicks.p50} ms, p99 ${halfClicks.p99} ms (target <= 25 ms), ${stalled(halfClicks)}; the bare server at that rate p50 ${halfBareClicks.p50} / p99 ${halfBareClicks.p99} ms, ${stalled(halfBareClicks)}`);
    // The bare server runs in this process: its CPU is the load generator's and the bare server's together.
    const cpu = (name: string, run: { cpu: { server: number; postgres: number; client: number } }) =>
      `${name} server ${run.cpu.server} us, PostgreSQL ${run.cpu.postgres} us, load generator ${run.cpu.client} us`;
    console.log(`${'CPU per request at peak'.padEnd(30)} ${cpu('events:', events)}; ${cpu('clicks:', clicks)}; bare server + load generator ${bareEvents.cpu.client} / ${bareClicks.cpu.client} us (${availableParallelism()} cores)`);
    console.log(`${'CPU per request at half'.padEnd(30)} ${cpu('events:', halfEvents)}; ${cpu('clicks:', halfClicks)}`);
    console.log(`${'RSS under this load'.padEnd(30)} ${[...memory.entries()].map(([pid, mb]) => `${mb} MB${pid === child.pid ? ' (primary)' : ''}`).join(', ')} (highest per process; target <= 300 MB each)`);
    // The warm-ups before the paced runs are answered and stored too.
    const answeredEvents = events.answered + halfEvents.warmup + halfEvents.answered;
    const answeredClicks = clicks.answered + halfClicks.warmup + halfClicks.answered;
    console.log(`${'stored'.padEnd(30)} ${Number(after.events) - Number(before.events)} events of ${answeredEvents} answered, ${Number(after.clicks) - Number(before.clicks)} clicks of ${answeredClicks} answered (${Number(after.billed) - Number(before.billed)} billed, ${Number(after.invalid) - Number(before.invalid)} invalid), ${Number(after.bots) - Number(before.bots)} taken for bots`);
  } finally {
    await stopAdSuite(child);
  }
} finally {
  bare.close();
  await flushWatcher.terminate();
  await db.drop();
}
