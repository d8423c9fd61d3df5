/**
 * The pipeline's statements as named prepared statements of their connection: PostgreSQL plans a batch's statement
 * once per connection instead of once per batch. Planning the billed batch's statement (some twenty common table
 * expressions) took longer than running it (6.7 against 3.9 ms for 25 clicks), and that time was spent while the
 * batch held the rows every batch of its campaign updates.
 *
 * Batches run on a connection of their own per process (Database.connect), kept open: on a pooled connection,
 * closed after 10 s idle, the first batch after a pause planned everything again (a batch of 30-100 ms instead of
 * 3-8 at the start of each burst of traffic). On PGlite, where one session serves all, they use the pool.
 *
 * Those connections are in pipeline mode (node-postgres' `pipeline`): a statement is sent at once, also while the
 * one before it runs, and the database runs them one after the other, each in a transaction of its own (every
 * statement ends with a Sync, as without pipelining), so a failing batch fails alone. lockedGroupCommit sends the
 * next batch behind the one being written that way.
 */
import { createHash } from 'node:crypto';
import type { Transaction } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';

/** What the pipeline uses of node-postgres' client, the connection Sequelize's postgres dialect hands out. */
interface Connection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  end?(): Promise<void>;
}

interface ConnectionManager {
  getConnection(): Promise<Connection>;
  releaseConnection(connection: Connection): Promise<void>;
}

const names = new Map<string, string>();
/** Each process's own connections per database (Database.connect), one per lane of its group commit. */
const own = new WeakMap<object, Map<number, Promise<Connection>>>();

/** An error the server answered (a SQLSTATE): the connection is fine. Anything else may have ended it. */
const answeredByServer = (error: unknown) => /^[0-9A-Z]{5}$/.test(String((error as { code?: unknown })?.code ?? ''));

/**
 * Runs `sql` with `values` ($1, $2, ...) in `transaction`, or on the pipeline's own connection of `lane` (the group
 * commit's batches written at once each have one; the pool's on PGlite).
 */
export async function runPrepared<T>(core: Core, sql: string, values: unknown[], transaction?: Transaction, lane = 0): Promise<T[]> {
  let name = names.get(sql);
  if (!name) {
    name = `adsuite_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, name);
  }
  if (transaction) {
    const connection = (transaction as unknown as { connection: Connection }).connection;
    return (await connection.query({ name, text: sql, values })).rows as T[];
  }
  const connect = core.db.connect;
  if (connect) {
    let lanes = own.get(core.db);
    if (!lanes) own.set(core.db, (lanes = new Map()));
    let opening = lanes.get(lane);
    if (!opening) lanes.set(lane, (opening = connect({ pipeline: true })));
    let connection: Connection;
    try {
      connection = await opening;
    } catch (error) {
      lanes.delete(lane);
      throw error;
    }
    try {
      return (await connection.query({ name, text: sql, values })).rows as T[];
    } catch (error) {
      // A lost connection: the next batch opens another.
      if (!answeredByServer(error) && lanes.get(lane) === opening) {
        lanes.delete(lane);
        void connection.end?.().catch(() => undefined);
      }
      throw error;
    }
  }
  const manager = core.sequelize.connectionManager as unknown as ConnectionManager;
  const connection = await manager.getConnection();
  try {
    return (await connection.query({ name, text: sql, values })).rows as T[];
  } finally {
    await manager.releaseConnection(connection);
  }
}
