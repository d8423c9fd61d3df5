/**
 * Opens the database: the server at DATABASE_URL, or embedded PGlite served on a loopback port through
 * pglite-socket (one PGlite session serves all, hence a pool of one).
 */
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { Sequelize } from 'sequelize';

export interface Database {
  sequelize: Sequelize;
  url: string;
  embedded: boolean;
  /** Calls `onMessage` with the payload of every NOTIFY on `channel` (one extra connection); answers the stop. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * A connection of its own, outside the pool, for a writer that writes all the time (the tracking pipeline's
   * batches): it stays open, so its prepared statements and plans stay (the pool closes a connection idle for 10 s,
   * and the next one plans everything again). Ended by close(). Null on PGlite, where one session serves all.
   * `pipeline`: node-postgres' pipeline mode (a query is sent while the one before it still runs).
   */
  connect: ((options?: { pipeline?: boolean }) => Promise<pg.Client>) | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; when absent PGlite is started. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  logging?: boolean;
}

const SEQUELIZE_DEFAULTS = {
  dialect: 'postgres' as const,
  define: { underscored: true, timestamps: true, createdAt: 'created', updatedAt: 'updated' },
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logging = options.logging ? (sql: string) => console.log(sql) : false;
  if (options.url) {
    const sequelize = new Sequelize(options.url, { ...SEQUELIZE_DEFAULTS, logging, pool: { max: 10, min: 0, idle: 10_000 } });
    await sequelize.authenticate();
    const url = options.url;
    const listen = async (channel: string, onMessage: (payload: string) => void) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      client.on('notification', (message) => message.channel === channel && onMessage(message.payload ?? ''));
      // A lost listening connection is logged; the cache entries still expire on their own.
      client.on('error', (error) => console.warn(`[db] LISTEN ${channel}: ${error.message}`));
      await client.query(`LISTEN "${channel}"`);
      return async () => {
        await client.end().catch(() => undefined);
      };
    };
    const own = new Set<pg.Client>();
    const connect = async ({ pipeline = false }: { pipeline?: boolean } = {}) => {
      const client = new pg.Client({ connectionString: url, pipeline });
      // A lost connection is logged and forgotten; its user sees its query fail and connects again.
      client.on('error', (error) => {
        console.warn(`[db] a connection of its own ended: ${error.message}`);
        own.delete(client);
      });
      await client.connect();
      own.add(client);
      return client;
    };
    const close = async () => {
      await Promise.all([...own].map((client) => client.end().catch(() => undefined)));
      own.clear();
      await sequelize.close();
    };
    return { sequelize, url, embedded: false, listen, connect, close };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const pglite = await PGlite.create(options.dataDir, { extensions: { pg_trgm, btree_gin } });
  const server = new PGLiteSocketServer({ db: pglite, port: 0, host: '127.0.0.1' });
  await server.start();
  const address = (server as unknown as { server: { address(): { port: number } } }).server.address();
  const url = `postgres://postgres@127.0.0.1:${address.port}/postgres`;
  const sequelize = new Sequelize(url, { ...SEQUELIZE_DEFAULTS, logging, pool: { max: 1, min: 0, idle: 60_000 } });
  // One PGlite session serves the socket and PGlite's own queries. A NOTIFY sent by a statement that came through
  // the socket (every query of Sequelize, and the triggers it sets off) goes back over the socket as a message to
  // that connection, which node-postgres emits as `notification`: PGlite's own `listen` sees only the NOTIFYs of
  // its own queries. So each connection of the pool hands its notifications to the listeners too.
  const listeners = new Map<string, Set<(payload: string) => void>>();
  sequelize.addHook('afterConnect', (connection) => {
    (connection as pg.Client).on('notification', (message) => {
      for (const onMessage of listeners.get(message.channel) ?? []) onMessage(message.payload ?? '');
    });
  });
  await sequelize.authenticate();
  return {
    sequelize,
    url,
    embedded: true,
    connect: null,
    // One process on PGlite: its own notifications, without another connection.
    async listen(channel, onMessage) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(onMessage);
      const stop = await pglite.listen(channel, onMessage);
      return async () => {
        listeners.get(channel)?.delete(onMessage);
        await stop();
      };
    },
    async close() {
      await sequelize.close();
      await server.stop();
      await pglite.close();
    },
  };
}
