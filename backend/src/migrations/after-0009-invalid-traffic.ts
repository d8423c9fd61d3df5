import type { MigrationFn } from './index.ts';
import { tableExists } from './tables.ts';

/** The rollups' measures of invalid traffic (plugins/reports rollups.ts MEASURES). */
const INVALID_MEASURES = ['invalid_impressions', 'invalid_clicks', 'invalid_conversions'];
/**
 * The rollups that carry every measure: the hourly one (migration 0009) and, where a server made them before, the
 * reports' daily rollups and their booked rows (plugins/reports rollups.ts, cents.ts, which make them with every
 * measure on a fresh database).
 */
const ROLLUPS = ['stat_hourly', 'stat_daily_creatives', 'stat_daily_websites', 'stat_daily_channels', 'stat_daily_publishers', 'stat_booked_creatives', 'stat_booked_websites'];

/**
 * Invalid traffic (config/invalidTraffic.ts, docs/tracking-and-money.md "Invalid traffic"): the raw event's reason
 * `events.invalid` is a declared field (the declared-schema sync adds it); here, the rollups' counts of invalid
 * impressions, clicks and conversions, and an index of the invalid events alone (partial: a valid event, nearly all
 * of them, writes no entry), which Expert Analytics reads a campaign's reasons through.
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  for (const table of ROLLUPS) {
    if (!(await tableExists(sequelize, table))) continue;
    await sequelize.query(`ALTER TABLE ${table} ${INVALID_MEASURES.map((measure) => `ADD COLUMN IF NOT EXISTS ${measure} BIGINT NOT NULL DEFAULT 0`).join(', ')}`);
  }
  if (!(await tableExists(sequelize, 'events'))) return;
  await sequelize.query('CREATE INDEX IF NOT EXISTS events_invalid_idx ON events (advertiser_id, campaign_id, day) WHERE invalid IS NOT NULL');
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query('DROP INDEX IF EXISTS events_invalid_idx');
  for (const table of ROLLUPS) {
    if (!(await tableExists(sequelize, table))) continue;
    await sequelize.query(`ALTER TABLE ${table} ${INVALID_MEASURES.map((measure) => `DROP COLUMN IF EXISTS ${measure}`).join(', ')}`);
  }
};
