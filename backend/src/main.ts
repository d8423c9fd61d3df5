/** `npm start`: build stale front-ends, migrate, seed, serve API and front-ends on PORT. */
import { buildFrontEndsInBackground } from './frontends.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed.ts';
import { startServer } from './server.ts';
import { loadEnv } from './env.ts';

const env = loadEnv();
const server = await startServer({ env });
const database = server.core.db.embedded ? `embedded PGlite in ${env.dataDir}/pg` : 'PostgreSQL at DATABASE_URL';
console.log(`\nAdSuite is running at http://localhost:${server.port}  (${database})`);
if (env.seedDemo) {
  console.log(`Demo logins (password "${DEMO_PASSWORD}"):`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(28)} ${account.role}`);
}
// The API answers at once; a missing or stale front-end build is made meanwhile (a notice page shows until then).
if (process.env.SKIP_FRONTEND_BUILD !== 'true') void buildFrontEndsInBackground();

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await server.stop();
    process.exit(0);
  });
}
