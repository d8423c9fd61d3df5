import type { MigrationFn } from './index.ts';

/**
 * btree_gin, so that one GIN index holds a table's tenant column and its searched text (db/columns.ts): an
 * advertiser's `q` search then finds that advertiser's matches in the index alone instead of rechecking every
 * match of all advertisers in the table (issue 11: 46 ms -> 17 ms for a common text on a million bookings). A
 * trusted extension since PostgreSQL 13; embedded PGlite loads it from its contrib build (db/database.ts).
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query('CREATE EXTENSION IF NOT EXISTS btree_gin');
};

export const down: MigrationFn = async () => {
  // Indexes of the declared tables use the extension; it stays.
};
