import type { Sequelize } from 'sequelize';

/**
 * Whether a table is there: a server of a reduced set of declarations (some engine tests) has not every declared
 * table, and the migrations that need one skip it.
 */
export async function tableExists(sequelize: Sequelize, table: string): Promise<boolean> {
  const [rows] = await sequelize.query('SELECT to_regclass($1) AS name', { bind: [table] });
  return Boolean((rows as { name: string | null }[])[0]?.name);
}
