/**
 * The second process of the two-process job tests (queue.test.ts): `node --import tsx crashWorker.ts <database
 * url> <lease ms>` runs a job runner on that database with the `test.fulfil` handler. Each handler stops at its
 * payload's crash point and says so on stdout (`reached <point> <orderId>`), then hangs with its heartbeat still
 * running until the test kills this process with SIGKILL. The first line it prints is `worker <id>`.
 */
import { openDatabase } from '../db/database.ts';
import { JobQueue } from './queue.ts';
import { fulfilHandlers } from './testing.ts';

const [url, lease] = process.argv.slice(2);
if (!url || !lease) throw new Error('usage: crashWorker.ts <database url> <lease ms>');
const db = await openDatabase({ url });
const jobs = new JobQueue(db.sequelize, { leaseMs: Number(lease), pollMs: 20, concurrency: 4, log: (message) => console.error(message) });
jobs.register(fulfilHandlers(db.sequelize, jobs.worker, async (point, orderId) => {
  process.stdout.write(`reached ${point} ${orderId}\n`);
  return new Promise<never>(() => {});
}));
process.stdout.write(`worker ${jobs.worker}\n`);
jobs.start();
