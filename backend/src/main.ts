/**
 * `npm start`: build stale front-ends, migrate, seed, serve API and front-ends on PORT with WEB_CONCURRENCY
 * processes (default: one per core; one on embedded PGlite). The primary prepares the database once and forks
 * the workers, which share the port; jobs, schedules, rate limits and session changes are shared through
 * PostgreSQL. The primary then runs the plugins' primary services for its workers (ServerPlugin.primary: the
 * tracking pipeline's one writer of the batches that lock an advertiser). SIGTERM/SIGINT: stop accepting, finish
 * requests in flight, release claimed jobs, exit.
 */
import cluster, { type Worker } from 'node:cluster';
import { buildFrontEndsInBackground } from './frontends.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed.ts';
import { prepareDatabase, startServer, type RunningServer } from './server.ts';
import { loadServerPlugins } from '../../plugins/load.ts';
import { PRIMARY_SERVICES_ENV, type PrimaryService } from './plugin.ts';
import { loadEnv, type Env } from './env.ts';

const env = loadEnv();
const processes = env.databaseUrl ? env.webConcurrency : 1;

function welcome(port: number) {
  const database = env.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `embedded PGlite in ${env.dataDir}/pg`;
  console.log(`\nAdSuite is running at http://localhost:${port}  (${database}, ${processes} process${processes === 1 ? '' : 'es'})`);
  if (env.seedDemo) {
    console.log(`Demo logins (password "${DEMO_PASSWORD}"):`);
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(28)} ${account.role}`);
  }
  // The API answers at once; a missing or stale front-end build is made meanwhile (a notice page shows until then).
  if (process.env.SKIP_FRONTEND_BUILD !== 'true') void buildFrontEndsInBackground();
}

function onStop(stop: () => Promise<void>) {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      await stop();
      process.exit(0);
    });
  }
  return () => stopping;
}

/** The primary's message to its workers once the schema is migrated (a worker asks for it when it is loaded). */
const SCHEMA_READY = 'adsuite:schema-ready';
const AWAIT_SCHEMA = 'adsuite:await-schema';

/** A worker: resolves when the primary says the schema is there. */
function schemaFromPrimary(): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (message !== SCHEMA_READY) return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
    process.send?.(AWAIT_SCHEMA);
  });
}

async function serve(options: { prepare: boolean; schemaReady?: Promise<void> }): Promise<RunningServer> {
  const server = await startServer({ env, plugins: await loadServerPlugins(), prepare: options.prepare, quiet: !options.prepare, schemaReady: options.schemaReady });
  onStop(() => server.stop({ graceful: true }));
  return server;
}

async function primary(workers: number, settings: Env) {
  // The plugins' primary services (ServerPlugin.primary) on the primary's connection, made once the schema is there.
  let services: PrimaryService[] = [];
  let connection: { close(): Promise<void> } | null = null;
  const stopping = onStop(async () => {
    const exits = Object.values(cluster.workers ?? {}).map((worker) => worker && new Promise((resolve) => {
      worker.once('exit', resolve);
      worker.process.kill('SIGTERM');
    }));
    await Promise.all(exits);
    // The workers answered their last requests: the services finish what they took, then the connection closes.
    for (const service of services) await service.close();
    await connection?.close();
  });
  // Workers are forked at once and load while the schema is migrated; they listen once it is there (they ask,
  // the primary answers when it can), and the demo data is seeded meanwhile. Welcome when both are done.
  let listening = 0;
  let seeded = false;
  let migrated = false;
  const waiting = new Set<Worker>();
  cluster.on('message', (worker, message) => {
    if (message === AWAIT_SCHEMA) {
      if (migrated) worker.send(SCHEMA_READY);
      else waiting.add(worker);
      return;
    }
    const reply = (answer: unknown) => void (worker.isConnected() && worker.send(answer as object));
    for (const service of services) if (service.handle(message, reply)) return;
  });
  const welcomeWhenReady = () => listening === workers && seeded && welcome(settings.port);
  cluster.on('listening', () => {
    listening += 1;
    welcomeWhenReady();
  });
  // A worker that dies is replaced (unless the whole server is stopping).
  cluster.on('exit', (worker, code, signal) => {
    if (stopping()) return;
    console.warn(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  // The workers know that their primary runs the services (PRIMARY_SERVICES_ENV, primaryServices()).
  const fork = () => cluster.fork({ [PRIMARY_SERVICES_ENV]: '1' });
  for (let i = 0; i < workers; i++) fork();
  connection = await prepareDatabase(settings, await loadServerPlugins(), (core) => {
    services = core.plugins.flatMap((plugin) => (plugin.primary ? [plugin.primary(core)] : []));
    migrated = true;
    for (const worker of waiting) if (worker.isConnected()) worker.send(SCHEMA_READY);
    waiting.clear();
  }, console.log, { keepOpen: true });
  seeded = true;
  welcomeWhenReady();
}

if (processes > 1 && cluster.isPrimary) {
  await primary(processes, env);
} else if (cluster.isWorker) {
  await serve({ prepare: false, schemaReady: schemaFromPrimary() });
} else {
  const server = await serve({ prepare: true });
  welcome(server.port);
}
