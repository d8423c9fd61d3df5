import type { MigrationFn } from './index.ts';

/**
 * The counters of the shared rate limiter (backend/src/auth/rateLimit.ts, rate-limiter-flexible's PostgreSQL
 * store): one row per limiter key (`<limiter>:<e-mail or IP>`) with the points used in the current window and
 * when it ends (epoch ms). Created here rather than by the library at start, so processes starting together do
 * not race to create it. The library's own table has `key varchar(255)`; TEXT takes an e-mail address of
 * 254 characters behind the limiter's prefix.
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query(`CREATE TABLE IF NOT EXISTS rate_limits (
    key TEXT PRIMARY KEY,
    points INTEGER NOT NULL DEFAULT 0,
    expire BIGINT
  )`);
  await sequelize.query('CREATE INDEX IF NOT EXISTS rate_limits_expire_idx ON rate_limits (expire)');
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query('DROP TABLE IF EXISTS rate_limits');
};
