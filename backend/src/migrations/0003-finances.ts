import type { MigrationFn } from './index.ts';

/**
 * Bookkeeping of plugins/finances that is not an entity anyone edits, so it has no declaration (no REST
 * endpoints, no admin screens). No foreign keys to declared tables: those are created after the migrations
 * on a fresh database.
 *
 * finance_payments: one card payment per (advertiser, Idempotency-Key). A retried or concurrent request with
 * the same key finds the row and answers the stored response instead of charging again. Only the last four
 * digits of the card are kept.
 *
 * finance_balance_alerts: the last balance alert level mailed per advertiser, so a mail goes out once per
 * crossing into warning or danger and not once per ledger entry.
 *
 * finance_document_numbers: the last number per series and year (AS-2026-000123); the row lock of the
 * increment keeps numbers sequential and gap-free under concurrency.
 *
 * finance_billing: the advertiser's billing data as it was when an invoice or credit note was issued, so an
 * issued document never changes when the advertiser is renamed later.
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query(`CREATE TABLE IF NOT EXISTS finance_payments (
    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    advertiser_id UUID NOT NULL,
    idempotency_key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    provider TEXT NOT NULL,
    provider_ref TEXT,
    status TEXT NOT NULL CHECK (status IN ('processing', 'requires_confirmation', 'succeeded')),
    vat_handle TEXT NOT NULL CHECK (vat_handle IN ('add', 'deduct')),
    net BIGINT NOT NULL,
    vat BIGINT NOT NULL,
    gross BIGINT NOT NULL,
    card_last4 TEXT,
    response_status INTEGER,
    response JSON,
    created_by UUID,
    created TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (advertiser_id, idempotency_key)
  )`);
  await sequelize.query(`CREATE TABLE IF NOT EXISTS finance_balance_alerts (
    advertiser_id UUID PRIMARY KEY,
    level TEXT NOT NULL CHECK (level IN ('ok', 'warning', 'danger')),
    updated TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
  await sequelize.query(`CREATE TABLE IF NOT EXISTS finance_document_numbers (
    series TEXT NOT NULL,
    year INTEGER NOT NULL,
    last INTEGER NOT NULL,
    PRIMARY KEY (series, year)
  )`);
  await sequelize.query(`CREATE TABLE IF NOT EXISTS finance_billing (
    document_id UUID PRIMARY KEY,
    billing JSONB NOT NULL,
    created TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  for (const table of ['finance_billing', 'finance_document_numbers', 'finance_balance_alerts', 'finance_payments']) {
    await sequelize.query(`DROP TABLE IF EXISTS ${table}`);
  }
};
