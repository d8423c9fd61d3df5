import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, resources, t } from '@adsuite/config';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { migrate } from './migrate.ts';
import { checkSchemaDrift } from './schema.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describe('declared schema', () => {
  it('migrates a fresh database to exactly the declarations', async () => {
    const first = await migrate(db.sequelize, resources);
    expect(first.migrations).toContain('0001-schema-changes');
    expect(first.statements.length).toBeGreaterThanOrEqual(resources.length);
    expect(await checkSchemaDrift(db.sequelize, resources)).toEqual([]);
  });

  it('changes nothing when migrated again', async () => {
    const again = await migrate(db.sequelize, resources);
    expect(again).toEqual({ migrations: [], statements: [] });
  });

  it('adds the column of a new field and records the statement', async () => {
    const vertical = resources.find((r) => r.name === 'vertical')!;
    const grown = defineResource({ ...vertical, fields: { ...vertical.fields, slug: { type: 'text', label: t('Kürzel', 'Slug') } }, list: vertical.list });
    const changed = resources.map((r) => (r.name === 'vertical' ? grown : r));
    const result = await migrate(db.sequelize, changed);
    expect(result.statements).toEqual(['ALTER TABLE "verticals" ADD COLUMN "slug" TEXT']);
    const [logged] = await db.sequelize.query(`SELECT statement FROM schema_changes WHERE resource = 'vertical' ORDER BY id DESC LIMIT 1`);
    expect(logged).toEqual([{ statement: 'ALTER TABLE "verticals" ADD COLUMN "slug" TEXT' }]);
    // Against the original declarations the extra column is drift until a migration removes it.
    expect(await checkSchemaDrift(db.sequelize, resources)).toEqual(['verticals.slug exists but is not declared']);
    await db.sequelize.query('ALTER TABLE verticals DROP COLUMN slug');
  });

  it('reports a column whose type disagrees with its declaration', async () => {
    await db.sequelize.query('ALTER TABLE coupons ALTER COLUMN amount TYPE TEXT');
    expect(await checkSchemaDrift(db.sequelize, resources)).toEqual(['coupons.amount is text but declared as int8']);
    await db.sequelize.query('ALTER TABLE coupons ALTER COLUMN amount TYPE BIGINT USING amount::bigint');
    expect(await checkSchemaDrift(db.sequelize, resources)).toEqual([]);
  });

  it('reports a declared table that is missing', async () => {
    await db.sequelize.query('ALTER TABLE wizards RENAME TO wizards_old');
    expect(await checkSchemaDrift(db.sequelize, resources)).toContain('table wizards (wizard) is missing');
    await db.sequelize.query('ALTER TABLE wizards_old RENAME TO wizards');
  });
});
