import type { MigrationFn } from './index.ts';

/**
 * The tracking tables (plugins/tracking, ARCHITECTURE "Tracking and statistics"). Every key starts with the
 * advertiser, so the tables can be distributed by it on a Citus cluster (`create_distributed_table('events',
 * 'advertiser_id')`, the same for the stat_ tables) without changing a query.
 *
 * - `events`: the raw events, partitioned by day (declarative range partitioning on `day`). Only the keys are
 *   made here; the declared-schema sync adds the event resource's other columns to the parent, and with them to
 *   every partition. Partitions are made ahead by the recurring job `tracking.partitions` (and on demand by the
 *   pipeline), and dropped after 120 days. An unpartitioned `events` table of an earlier version is set aside
 *   as `events_unpartitioned` (no code wrote it).
 * - `stat_hourly`: the rollup, hour x advertiser x campaign x line item x channel x creative x publisher x
 *   website, written in the transaction of the raw events it counts. Missing keys are the nil uuid and ''.
 * - `stat_visitors`: one row per visitor, campaign and day (unique visitors per day = rows).
 * - `stat_lineitem_days`: a line item's cost per day (daily and total budget checks), same transaction.
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query(`DO $$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE c.relname = 'events' AND n.nspname = current_schema() AND c.relkind = 'r') THEN
      ALTER TABLE events RENAME TO events_unpartitioned;
    END IF;
  END $$`);
  await sequelize.query(`CREATE TABLE IF NOT EXISTS events (
    id UUID NOT NULL DEFAULT gen_random_uuid(),
    created TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated TIMESTAMPTZ NOT NULL DEFAULT now(),
    advertiser_id UUID NOT NULL,
    day DATE NOT NULL,
    PRIMARY KEY (advertiser_id, day, id)
  ) PARTITION BY RANGE (day)`);
  await sequelize.query(`CREATE TABLE IF NOT EXISTS stat_hourly (
    advertiser_id UUID NOT NULL,
    hour TIMESTAMPTZ NOT NULL,
    campaign_id UUID NOT NULL,
    lineitem_id UUID NOT NULL,
    channel TEXT NOT NULL,
    banner_id UUID NOT NULL,
    publisher_id UUID NOT NULL,
    website TEXT NOT NULL,
    impressions BIGINT NOT NULL DEFAULT 0,
    clicks BIGINT NOT NULL DEFAULT 0,
    pc_conversions BIGINT NOT NULL DEFAULT 0,
    pc_value BIGINT NOT NULL DEFAULT 0,
    pv_conversions BIGINT NOT NULL DEFAULT 0,
    pv_value BIGINT NOT NULL DEFAULT 0,
    cost_milli BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (advertiser_id, hour, campaign_id, lineitem_id, channel, banner_id, publisher_id, website)
  )`);
  await sequelize.query('CREATE INDEX IF NOT EXISTS stat_hourly_campaign_idx ON stat_hourly (advertiser_id, campaign_id, hour)');
  await sequelize.query(`CREATE TABLE IF NOT EXISTS stat_visitors (
    advertiser_id UUID NOT NULL,
    day DATE NOT NULL,
    campaign_id UUID NOT NULL,
    visitor TEXT NOT NULL,
    PRIMARY KEY (advertiser_id, day, campaign_id, visitor)
  )`);
  await sequelize.query(`CREATE TABLE IF NOT EXISTS stat_lineitem_days (
    advertiser_id UUID NOT NULL,
    lineitem_id UUID NOT NULL,
    day DATE NOT NULL,
    cost_milli BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (advertiser_id, lineitem_id, day)
  )`);
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  for (const table of ['stat_lineitem_days', 'stat_visitors', 'stat_hourly', 'events']) await sequelize.query(`DROP TABLE IF EXISTS ${table}`);
};
