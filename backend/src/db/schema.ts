/**
 * The declared schema: tables and columns follow the declarations. New tables, columns and indexes are
 * added at start-up and each statement is recorded in `schema_changes` (so every change is versioned);
 * nothing is ever dropped or retyped automatically: a changed type or a removed field is drift, reported by
 * `checkSchemaDrift` (a test fails on it) and fixed by a hand-written migration in src/migrations.
 */
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { ResourceDef } from '@adsuite/config';
import { columnsOf, indexesOf, type ColumnSpec } from './columns.ts';

type Catalog = Map<string, Map<string, string>>; // table -> column -> udt_name

async function readCatalog(sequelize: Sequelize, transaction?: Transaction): Promise<Catalog> {
  const rows = await sequelize.query<{ table_name: string; column_name: string; udt_name: string }>(
    `SELECT table_name, column_name, udt_name FROM information_schema.columns WHERE table_schema = current_schema()`,
    { type: QueryTypes.SELECT, transaction },
  );
  const catalog: Catalog = new Map();
  for (const row of rows) {
    if (!catalog.has(row.table_name)) catalog.set(row.table_name, new Map());
    catalog.get(row.table_name)!.set(row.column_name, row.udt_name);
  }
  return catalog;
}

function columnSql(column: ColumnSpec): string {
  return `"${column.column}" ${column.sqlType}${column.notNull ? ' NOT NULL' : ''}${column.sqlDefault ? ` DEFAULT ${column.sqlDefault}` : ''}`;
}

export function createTableSql(resource: ResourceDef): string {
  const columns = columnsOf(resource).map(columnSql);
  return `CREATE TABLE "${resource.table}" (${columns.join(', ')}, PRIMARY KEY ("id"))`;
}

/** Brings the database up to the declarations (additive only). Returns the statements it applied. */
export async function syncDeclaredSchema(sequelize: Sequelize, resources: ResourceDef[]): Promise<string[]> {
  return sequelize.transaction(async (transaction) => {
    // One start-up at a time changes the schema, even with several server processes.
    await sequelize.query('SELECT pg_advisory_xact_lock(4242001)', { transaction });
    const catalog = await readCatalog(sequelize, transaction);
    // Only the missing indexes are built: a start-up on an up-to-date database runs no index statement.
    const indexes = new Set((await sequelize.query<{ name: string }>('SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()', { type: QueryTypes.SELECT, transaction })).map((row) => row.name));
    const applied: string[] = [];
    for (const resource of resources) {
      const existing = catalog.get(resource.table);
      const statements = existing
        ? columnsOf(resource).filter((c) => !existing.has(c.column))
          .map((c) => `ALTER TABLE "${resource.table}" ADD COLUMN ${columnSql(c)}`)
        : [createTableSql(resource)];
      for (const statement of statements) {
        await sequelize.query(statement, { transaction });
        await sequelize.query('INSERT INTO schema_changes (resource, statement) VALUES (:resource, :statement)', {
          replacements: { resource: resource.name, statement }, transaction,
        });
        applied.push(statement);
      }
      for (const statement of indexesOf(resource)) {
        const name = /INDEX IF NOT EXISTS "([^"]+)"/.exec(statement)?.[1];
        if (!name || !indexes.has(name)) await sequelize.query(statement, { transaction });
      }
    }
    return applied;
  });
}

/** Every disagreement between declarations and the database, as readable sentences (empty = in sync). */
export async function checkSchemaDrift(sequelize: Sequelize, resources: ResourceDef[]): Promise<string[]> {
  const catalog = await readCatalog(sequelize);
  const problems: string[] = [];
  for (const resource of resources) {
    const existing = catalog.get(resource.table);
    if (!existing) {
      problems.push(`table ${resource.table} (${resource.name}) is missing`);
      continue;
    }
    const declared = columnsOf(resource);
    for (const column of declared) {
      const udt = existing.get(column.column);
      if (!udt) problems.push(`${resource.table}.${column.column} is declared but missing`);
      else if (udt !== column.udt) problems.push(`${resource.table}.${column.column} is ${udt} but declared as ${column.udt}`);
    }
    const declaredNames = new Set(declared.map((c) => c.column));
    for (const column of existing.keys()) {
      if (!declaredNames.has(column)) problems.push(`${resource.table}.${column} exists but is not declared`);
    }
  }
  return problems;
}
