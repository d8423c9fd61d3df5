import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
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

  it('gives a noIndex field no index of its own, so that updating it writes no index (HOT)', async () => {
    const indexes = async (table: string) => (await db.sequelize.query<{ name: string }>(
      'SELECT indexname AS name FROM pg_indexes WHERE tablename = $1', { bind: [table], type: QueryTypes.SELECT })).map((row) => row.name);
    const campaigns = await indexes('campaigns');
    expect(campaigns).toContain('campaigns_name_sort_idx');
    expect(campaigns).not.toContain('campaigns_clicks_sort_idx');
    expect(campaigns).not.toContain('campaigns_cost_sort_idx');
    expect(await indexes('advertisers')).not.toContain('advertisers_balance_sort_idx');
    expect(await indexes('transactions')).not.toContain('transactions_amount_sort_idx');
    const events = await indexes('events');
    // The campaign's index holds only the events that have one (migration after-0007): onsite events write none.
    expect(events).not.toContain('events_campaign_id_idx');
    const [campaignIndex] = await db.sequelize.query<{ definition: string }>(
      `SELECT indexdef AS definition FROM pg_indexes WHERE indexname = 'events_campaign_idx'`, { type: QueryTypes.SELECT });
    expect(campaignIndex?.definition).toMatch(/\(campaign_id\) WHERE \(campaign_id IS NOT NULL\)$/);
    expect(events).not.toContain('events_lineitem_id_idx');
    expect(events).not.toContain('events_banner_id_idx');
    await db.sequelize.query(`INSERT INTO advertisers (id, name, balance, created, updated) VALUES ('6f1c33a4-58a7-4a38-9a2c-d1f2e5c1b001', 'HOT test', 0, now(), now())`);
    const hot = await db.sequelize.transaction(async (transaction) => {
      await db.sequelize.query(`UPDATE advertisers SET balance = balance - 45, updated = now() WHERE id = '6f1c33a4-58a7-4a38-9a2c-d1f2e5c1b001'`, { transaction });
      const [row] = await db.sequelize.query<{ hot: string }>(`SELECT pg_stat_get_xact_tuples_hot_updated('advertisers'::regclass) AS hot`, { type: QueryTypes.SELECT, transaction });
      return Number(row.hot);
    });
    expect(hot).toBe(1);
    await db.sequelize.query(`DELETE FROM advertisers WHERE id = '6f1c33a4-58a7-4a38-9a2c-d1f2e5c1b001'`);
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
