import type { MigrationFn } from './index.ts';
import { tableExists } from './tables.ts';

/**
 * The raw events' list sorts by time and kind only (config/resources/event.ts): the sort indexes of its other
 * columns go. Each was written on every insert of the busiest table (issue 12: 17 indexes on `events`, the list's
 * ~40 % of an insert), for a list that reads at most 3 days of one advertiser, campaign or class.
 */
const DROPPED = ['cls', 'channel', 'website', 'host', 'order_id', 'value', 'bot'].map((column) => `events_${column}_sort_idx`);

export const up: MigrationFn = async ({ context: sequelize }) => {
  for (const index of DROPPED) await sequelize.query(`DROP INDEX IF EXISTS "${index}"`);
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  if (!(await tableExists(sequelize, 'events'))) return;
  for (const index of DROPPED) {
    const column = index.slice('events_'.length, -'_sort_idx'.length);
    await sequelize.query(`CREATE INDEX IF NOT EXISTS "${index}" ON events ("${column}", id)`);
  }
};
