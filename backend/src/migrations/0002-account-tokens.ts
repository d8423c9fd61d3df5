import type { MigrationFn } from './index.ts';

/**
 * Secrets and sign-up facts of accounts (plugins/accounts), kept out of the declared resources on purpose: a
 * declaration would give them REST endpoints, admin screens and an OpenAPI entry, and these never leave the server.
 *
 * account_tokens: the links mailed for e-mail confirmation, password reset and sub-account invitation. Only the
 * SHA-256 of a token is stored; a token works once (used_at) and until expires_at. No foreign key to logins: the
 * declared tables are created after the migrations on a fresh database, and tokens are deleted with their login.
 *
 * registrations: what the sign-up form asked beyond the login and advertiser/publisher records (phone, job role,
 * newsletter consent, the agency's daily budget), for the sales check of agencies.
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query(`CREATE TABLE IF NOT EXISTS account_tokens (
    id BIGSERIAL PRIMARY KEY,
    login_id UUID NOT NULL,
    purpose TEXT NOT NULL CHECK (purpose IN ('confirmation', 'reset', 'invitation')),
    token_hash TEXT NOT NULL UNIQUE,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
  await sequelize.query('CREATE INDEX IF NOT EXISTS account_tokens_login_idx ON account_tokens (login_id, purpose)');
  await sequelize.query(`CREATE TABLE IF NOT EXISTS registrations (
    login_id UUID PRIMARY KEY,
    details JSONB NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query('DROP TABLE IF EXISTS registrations');
  await sequelize.query('DROP TABLE IF EXISTS account_tokens');
};
