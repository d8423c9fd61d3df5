import type { MigrationFn } from './index.ts';
import { tableExists } from './tables.ts';

/**
 * A client's event id is stored once a day per advertiser (the arbiter of the pipeline's INSERT ... ON CONFLICT DO
 * NOTHING, after-0003): now an index of the events that have one (onsite events, conversions). Clicks and views have
 * none, and every one of them wrote an entry of NULLs into the unique index and was checked against it (issue 12).
 * The new index is made before the old one goes, so a repeated client id is never let through meanwhile.
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  if (!(await tableExists(sequelize, 'events'))) return;
  await sequelize.query('CREATE UNIQUE INDEX IF NOT EXISTS events_client_ids_unique ON events (advertiser_id, day, client_id) WHERE client_id IS NOT NULL');
  await sequelize.query('DROP INDEX IF EXISTS events_client_id_unique');
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  if (!(await tableExists(sequelize, 'events'))) return;
  await sequelize.query('CREATE UNIQUE INDEX IF NOT EXISTS events_client_id_unique ON events (advertiser_id, day, client_id)');
  await sequelize.query('DROP INDEX IF EXISTS events_client_ids_unique');
};
