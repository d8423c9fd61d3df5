import type { MigrationFn } from './index.ts';

/**
 * Decisions on conversions and clicks (SPEC section 4 "Approval of conversions/clicks", issue 14). The raw events
 * stay as the tracking pipeline wrote them (the hot insert path writes no approval columns); a decision is a row
 * here, keyed like the events by the advertiser first, at most one per event (the key refuses a second one):
 * - `cart_value`: the cart value in cents the decision took (an update may adjust it), conversions only;
 * - `commission_percent`: the percentage the provision was computed with, null for a fixed amount;
 * - `provision`: the decided provision in cents (0 when rejected), credited to the event's publisher's earnings;
 * - `refunded`: cents given back to the advertiser's balance for a rejected event billed at tracking time.
 */
export const up: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query(`CREATE TABLE IF NOT EXISTS event_approvals (
    advertiser_id UUID NOT NULL,
    event_id UUID NOT NULL,
    day DATE NOT NULL,
    campaign_id UUID NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('conversion', 'click')),
    status TEXT NOT NULL CHECK (status IN ('approved', 'rejected')),
    cart_value BIGINT,
    commission_percent NUMERIC(9, 4),
    provision BIGINT NOT NULL DEFAULT 0 CHECK (provision >= 0),
    refunded BIGINT NOT NULL DEFAULT 0 CHECK (refunded >= 0),
    decided_by UUID NOT NULL,
    decided_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (advertiser_id, event_id)
  )`);
  await sequelize.query('CREATE INDEX IF NOT EXISTS event_approvals_campaign_idx ON event_approvals (advertiser_id, campaign_id, kind, status)');
};

export const down: MigrationFn = async ({ context: sequelize }) => {
  await sequelize.query('DROP TABLE IF EXISTS event_approvals');
};
