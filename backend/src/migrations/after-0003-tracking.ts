import type { MigrationFn } from './index.ts';
import { tableExists } from './tables.ts';

/**
 * What the tracking pipeline needs of the declared tables (plugins/tracking):
 * - a client's event id is stored once a day per advertiser (the arbiter of INSERT ... ON CONFLICT DO NOTHING);
 * - post-view attribution finds a visitor's latest view of an advertiser's ads;
 * - access logs are counted per host, day and campaign (upserted with the raw events);
 * - the advertisers' cache trigger (after-0002) fires on changes of who reaches an advertiser, not on every
 *   balance change: spend moves balances several times a second and must not empty every session cache.
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  if (await tableExists(sequelize, 'events')) {
    await sequelize.query('CREATE UNIQUE INDEX IF NOT EXISTS events_client_id_unique ON events (advertiser_id, day, client_id)');
    await sequelize.query(`CREATE INDEX IF NOT EXISTS events_views_by_visitor_idx ON events (advertiser_id, visitor, created DESC)
      WHERE kind = 'view' AND visitor IS NOT NULL`);
  }
  if (await tableExists(sequelize, 'accesslogs')) {
    await sequelize.query(`CREATE UNIQUE INDEX IF NOT EXISTS accesslogs_host_day_campaign_unique
      ON accesslogs (host, day, COALESCE(campaign_id, '00000000-0000-0000-0000-000000000000'::uuid))`);
  }
  await sequelize.query('DROP TRIGGER IF EXISTS advertisers_notify_cache ON advertisers');
  await sequelize.query('DROP TRIGGER IF EXISTS advertisers_notify_cache_rows ON advertisers');
  await sequelize.query(`CREATE TRIGGER advertisers_notify_cache AFTER INSERT OR DELETE ON advertisers
    FOR EACH STATEMENT EXECUTE FUNCTION adsuite_notify_tenant_change()`);
  await sequelize.query(`CREATE TRIGGER advertisers_notify_cache_rows AFTER UPDATE ON advertisers
    FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.archived_at IS DISTINCT FROM NEW.archived_at)
    EXECUTE FUNCTION adsuite_notify_tenant_change()`);
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query('DROP INDEX IF EXISTS events_client_id_unique');
  await sequelize.query('DROP INDEX IF EXISTS events_views_by_visitor_idx');
  await sequelize.query('DROP INDEX IF EXISTS accesslogs_host_day_campaign_unique');
};
