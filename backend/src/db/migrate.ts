/** Runs the versioned migrations (umzug) and then brings declared tables up to date. */
import { Umzug, SequelizeStorage } from 'umzug';
import type { Sequelize } from 'sequelize';
import type { ResourceDef } from '@adsuite/config';
import { migrations } from '../migrations/index.ts';
import { syncDeclaredSchema } from './schema.ts';

export async function migrate(sequelize: Sequelize, resources: ResourceDef[]): Promise<{ migrations: string[]; statements: string[] }> {
  const umzug = new Umzug({
    migrations: migrations.map((m) => ({ name: m.name, up: m.up, down: m.down })),
    context: sequelize,
    storage: new SequelizeStorage({ sequelize, tableName: 'migrations' }),
    logger: undefined,
  });
  const executed = await umzug.up();
  const statements = await syncDeclaredSchema(sequelize, resources);
  return { migrations: executed.map((m) => m.name), statements };
}
