/** Runs the versioned migrations (umzug) and then brings declared tables up to date. */
import type { Sequelize } from 'sequelize';
import type { ResourceDef } from '@adsuite/config';
import { afterSchemaMigrations, migrations } from '../migrations/index.ts';
import { syncDeclaredSchema } from './schema.ts';

/** umzug is loaded by the process that migrates only (the workers of `npm start` never do). */
async function runner(sequelize: Sequelize, list: typeof migrations) {
  const { Umzug, SequelizeStorage } = await import('umzug');
  return new Umzug({
    migrations: list.map((m) => ({ name: m.name, up: m.up, down: m.down })),
    context: sequelize,
    storage: new SequelizeStorage({ sequelize, tableName: 'migrations' }),
    logger: undefined,
  });
}

/** Versioned migrations, then the declared tables, then the migrations that need those tables. */
export async function migrate(sequelize: Sequelize, resources: ResourceDef[]): Promise<{ migrations: string[]; statements: string[] }> {
  const executed = await (await runner(sequelize, migrations)).up();
  const statements = await syncDeclaredSchema(sequelize, resources);
  const after = resources.some((r) => r.table === 'logins') ? await (await runner(sequelize, afterSchemaMigrations)).up() : [];
  return { migrations: [...executed, ...after].map((m) => m.name), statements };
}
