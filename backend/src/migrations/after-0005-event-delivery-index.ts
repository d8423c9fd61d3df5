import type { MigrationFn } from './index.ts';
import { tableExists } from './tables.ts';

/**
 * The raw events' line item, creative and publisher lose their own indexes (config/resources/event.ts, noIndex:
 * each was written on every insert of the busiest table, issue 12). The one reader that looked events up by line
 * item alone, the sandbox networks' last delivery of a line item (plugins/tracking/server/networks.ts), gets a
 * small index of the delivery reports only (one row per external line item and hour).
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  if (!(await tableExists(sequelize, 'events'))) return;
  await sequelize.query(`CREATE INDEX IF NOT EXISTS events_deliveries_idx ON events (advertiser_id, lineitem_id, created DESC) WHERE kind = 'delivery'`);
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query('DROP INDEX IF EXISTS events_deliveries_idx');
};
