import type { MigrationFn } from './index.ts';

/**
 * Job leases (backend/src/jobs/queue.ts, issue 9): a runner claims a job until `locked_until` and its heartbeat
 * moves that on while the handler runs, so a job whose runner died is claimed again once the short lease has
 * run out instead of after a 10-minute lock. Rows running at upgrade time keep their old 10-minute lock.
 *
 * `singleton_key`: at most one queued or running job per key (a recurring job's schedule), so processes that
 * start together cannot queue a schedule twice.
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query('ALTER TABLE jobs ADD COLUMN IF NOT EXISTS locked_until TIMESTAMPTZ');
  await sequelize.query('ALTER TABLE jobs ADD COLUMN IF NOT EXISTS singleton_key TEXT');
  await sequelize.query(`UPDATE jobs SET locked_until = COALESCE(locked_at, now()) + interval '10 minutes' WHERE status = 'running' AND locked_until IS NULL`);
  await sequelize.query(`CREATE INDEX IF NOT EXISTS jobs_lease_idx ON jobs (locked_until) WHERE status = 'running'`);
  await sequelize.query(`CREATE UNIQUE INDEX IF NOT EXISTS jobs_singleton_idx ON jobs (singleton_key) WHERE status IN ('queued', 'running')`);
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query('DROP INDEX IF EXISTS jobs_singleton_idx');
  await sequelize.query('DROP INDEX IF EXISTS jobs_lease_idx');
  await sequelize.query('ALTER TABLE jobs DROP COLUMN IF EXISTS singleton_key');
  await sequelize.query('ALTER TABLE jobs DROP COLUMN IF EXISTS locked_until');
};
