/**
 * Opens the database: the server at DATABASE_URL, or embedded PGlite served on a loopback port through
 * pglite-socket (one PGlite session serves all, hence a pool of one).
 */
import { mkdirSync } from 'node:fs';
import { Sequelize } from 'sequelize';

export interface Database {
  sequelize: Sequelize;
  url: string;
  embedded: boolean;
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
    return { sequelize, url: options.url, embedded: false, close: () => sequelize.close() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir);
  const server = new PGLiteSocketServer({ db: pglite, port: 0, host: '127.0.0.1' });
  await server.start();
  const address = (server as unknown as { server: { address(): { port: number } } }).server.address();
  const url = `postgres://postgres@127.0.0.1:${address.port}/postgres`;
  const sequelize = new Sequelize(url, { ...SEQUELIZE_DEFAULTS, logging, pool: { max: 1, min: 0, idle: 60_000 } });
  await sequelize.authenticate();
  return {
    sequelize,
    url,
    embedded: true,
    async close() {
      await sequelize.close();
      await server.stop();
      await pglite.close();
    },
  };
}
