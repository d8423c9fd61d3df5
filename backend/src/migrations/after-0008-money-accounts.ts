import type { MigrationFn } from './index.ts';
import { tableExists } from './tables.ts';

/**
 * Double entry and authorize-then-capture (ARCHITECTURE "Data and state", issue 33):
 * - `platform_entries`: the platform's own account. Every movement of money between an advertiser or a publisher and
 *   the platform writes its counterpart here in the same transaction: a campaign hour's spend (+, one running entry
 *   per spend entry, same key), a coupon (- marketing cost), a manual entry (the opposite of the advertiser's), a
 *   provision credited to a publisher (-), a charged event refunded (-). Card top-ups, their VAT, card refunds and
 *   payouts are the outside world's. So the sum of advertiser balances, publisher balances and this account moves
 *   only by the outside flows.
 * - `reservations`: the cost of a tracked CPC click or CPO conversion of a campaign with click or conversion approval,
 *   authorized but not charged: budgets and the available balance count it; approval charges it (capture) and removes
 *   the row, rejection removes it (release).
 * - `event_approvals.charged`, `.fee`: what the advertiser was charged for the event and the platform's fee in it, in
 *   cents; `.reason`: why staff refunded a charged event.
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query(`CREATE TABLE IF NOT EXISTS platform_entries (
    id BIGSERIAL PRIMARY KEY,
    created TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated TIMESTAMPTZ NOT NULL DEFAULT now(),
    type TEXT NOT NULL CHECK (type IN ('revenue', 'provision', 'event_refund', 'coupon', 'manual')),
    amount BIGINT NOT NULL,
    advertiser_id UUID,
    publisher_id UUID,
    campaign_id UUID,
    event_id UUID,
    key TEXT NOT NULL UNIQUE
  )`);
  await sequelize.query('CREATE INDEX IF NOT EXISTS platform_entries_created_idx ON platform_entries (created)');
  await sequelize.query(`CREATE TABLE IF NOT EXISTS reservations (
    advertiser_id UUID NOT NULL,
    event_id UUID NOT NULL,
    day DATE NOT NULL,
    campaign_id UUID NOT NULL,
    lineitem_id UUID,
    kind TEXT NOT NULL,
    amount_milli BIGINT NOT NULL CHECK (amount_milli > 0),
    created TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (advertiser_id, event_id)
  )`);
  await sequelize.query('CREATE INDEX IF NOT EXISTS reservations_campaign_idx ON reservations (advertiser_id, campaign_id, created)');
  await sequelize.query('CREATE INDEX IF NOT EXISTS reservations_lineitem_idx ON reservations (advertiser_id, lineitem_id, day)');
  await sequelize.query('CREATE INDEX IF NOT EXISTS reservations_created_idx ON reservations (created)');
  if (await tableExists(sequelize, 'event_approvals')) {
    await sequelize.query(`ALTER TABLE event_approvals ADD COLUMN IF NOT EXISTS charged BIGINT NOT NULL DEFAULT 0,
      ADD COLUMN IF NOT EXISTS fee BIGINT NOT NULL DEFAULT 0, ADD COLUMN IF NOT EXISTS reason TEXT`);
  }
  // A database that already holds money: the platform's side of what was booked before this account existed.
  if (await tableExists(sequelize, 'transactions')) {
    await sequelize.query(`INSERT INTO platform_entries (created, type, amount, advertiser_id, campaign_id, key)
      SELECT created, CASE type WHEN 'spend' THEN 'revenue' WHEN 'coupon' THEN 'coupon' WHEN 'manual' THEN 'manual' ELSE 'event_refund' END,
        -amount, advertiser_id, campaign_id, 'backfill:' || id
      FROM transactions WHERE type IN ('spend', 'coupon', 'manual') OR (type = 'refund' AND idempotency_key LIKE 'approval:%')
      ON CONFLICT (key) DO NOTHING`);
  }
  if (await tableExists(sequelize, 'earnings')) {
    await sequelize.query(`INSERT INTO platform_entries (created, type, amount, publisher_id, campaign_id, key)
      SELECT created, 'provision', -amount, publisher_id, campaign_id, 'backfill:' || id FROM earnings WHERE type = 'earning'
      ON CONFLICT (key) DO NOTHING`);
  }
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query('DROP TABLE IF EXISTS platform_entries');
  await sequelize.query('DROP TABLE IF EXISTS reservations');
  if (await tableExists(sequelize, 'event_approvals')) {
    await sequelize.query('ALTER TABLE event_approvals DROP COLUMN IF EXISTS charged, DROP COLUMN IF EXISTS fee, DROP COLUMN IF EXISTS reason');
  }
};
