import type { MigrationFn } from './index.ts';
import { tableExists } from './tables.ts';

/**
 * The raw events' campaign index holds the events that have a campaign only (config/resources/event.ts, noIndex):
 * onsite events, most of the raw events, have none, and each of them wrote an entry of NULL into it (issue 12). A
 * reader asks for one campaign (`campaign_id = $1`), which the partial index answers. The declared-schema sync drops
 * the full index (noIndex) just before this runs, at the start of the server that brings it.
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  if (!(await tableExists(sequelize, 'events'))) return;
  await sequelize.query('CREATE INDEX IF NOT EXISTS events_campaign_idx ON events (campaign_id) WHERE campaign_id IS NOT NULL');
  await sequelize.query('DROP INDEX IF EXISTS events_campaign_id_idx');
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  if (!(await tableExists(sequelize, 'events'))) return;
  await sequelize.query('CREATE INDEX IF NOT EXISTS events_campaign_id_idx ON events (campaign_id)');
  await sequelize.query('DROP INDEX IF EXISTS events_campaign_idx');
};
