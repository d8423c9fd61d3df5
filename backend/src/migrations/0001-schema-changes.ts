import type { MigrationFn } from './index.ts';

/** The log of statements the declared-schema sync applied. */
export const up: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query(`CREATE TABLE IF NOT EXISTS schema_changes (
    id BIGSERIAL PRIMARY KEY,
    resource TEXT NOT NULL,
    statement TEXT NOT NULL,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query('DROP TABLE IF EXISTS schema_changes');
};
