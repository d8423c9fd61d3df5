import type { MigrationFn } from './index.ts';

/**
 * pg_trgm, so that the full-text `q` of every list (ILIKE '%text%') is answered by trigram indexes
 * (db/columns.ts) instead of reading every row (issue 11: page 1 of a million rows searched). A trusted
 * extension since PostgreSQL 13; embedded PGlite loads it from its contrib build (db/database.ts).
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
};

export const down: MigrationFn = async () => {
  // Indexes of the declared tables use the extension; it stays.
};
