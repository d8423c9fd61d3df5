/**
 * A second server process for the tests that need two (rateLimit.test.ts): `node --import tsx secondServer.ts
 * <database url> '<env overrides as JSON>'` serves the API on a random loopback port from a database that the
 * test's own server has migrated and seeded already, and prints `listening <url>`. It runs no job runner and
 * stops when the test kills it.
 */
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../db/database.ts';
import { loadEnv } from '../env.ts';
import { startServer } from '../server.ts';
import { loadServerPlugins } from '../../../plugins/load.ts';

const [url, overrides = '{}'] = process.argv.slice(2);
if (!url) throw new Error("usage: secondServer.ts <database url> ['{ \"signinMaxPerEmail\": 4 }']");
const env = loadEnv({ jwtSecret: randomBytes(32).toString('hex'), dataDir: '/tmp/adsuite-test', bcryptRounds: 4, seedDemo: false, ...JSON.parse(overrides) });
const database = await openDatabase({ url });
const server = await startServer({ env, plugins: await loadServerPlugins(), database, port: 0, host: '127.0.0.1', quiet: true, jobs: false });
process.stdout.write(`listening ${server.url}\n`);
