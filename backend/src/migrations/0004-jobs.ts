import type { MigrationFn } from './index.ts';

/**
 * The background job queue (backend/src/jobs): internal bookkeeping, so no declaration (no REST endpoints, no
 * admin screens). The user-visible record of channel work is the declared `sync-queue`; a job here only says
 * what runs when. Runners claim due rows with FOR UPDATE SKIP LOCKED, so several server processes share it.
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query(`CREATE TABLE IF NOT EXISTS jobs (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    name TEXT NOT NULL,
    payload JSONB NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
    run_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    run_count INTEGER NOT NULL DEFAULT 0,
    max_runs INTEGER NOT NULL DEFAULT 4 CHECK (max_runs >= 1),
    last_error TEXT,
    locked_at TIMESTAMPTZ,
    locked_by TEXT,
    finished_at TIMESTAMPTZ,
    created TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
  await sequelize.query(`CREATE INDEX IF NOT EXISTS jobs_due_idx ON jobs (run_at) WHERE status IN ('queued', 'running')`);
  await sequelize.query('CREATE INDEX IF NOT EXISTS jobs_name_idx ON jobs (name, status)');
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query('DROP TABLE IF EXISTS jobs');
};
