/**
 * The platform's own account (`platform_entries`; ARCHITECTURE "Data and state": double entry). Money moves between
 * four kinds of accounts: advertiser balances (the `transaction` ledger), publisher balances (the `earning` ledger),
 * this account, and the outside world (card top-ups and their VAT, card refunds, payouts). Every movement between the
 * first three writes both sides in one transaction:
 *
 *   spend of a campaign hour      advertiser -x   platform +x  (`revenue`, one running entry per spend entry, same key)
 *   event refunded by staff       advertiser +x   platform -x  (`event_refund`)
 *   coupon                        advertiser +x   platform -x  (`coupon`: the platform's marketing cost)
 *   manual entry                  advertiser +-x  platform -+x (`manual`)
 *   provision of an event         publisher  +x   platform -x  (`provision`, at most the event's charge less the fee)
 *
 * so the sum of all balances and this account changes only by the outside flows (money.test.ts holds it).
 */
import { QueryTypes, type Transaction } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import type { LedgerEntry } from './ledger.ts';

export type PlatformEntryType = 'revenue' | 'provision' | 'event_refund' | 'coupon' | 'manual';

export interface PlatformEntry {
  type: PlatformEntryType;
  /** Signed cents, from the platform's side. */
  amount: number;
  advertiser?: string | null;
  publisher?: string | null;
  campaign?: string | null;
  event?: string | null;
  /** Unique; a running entry (revenue, event_refund of a campaign hour) grows under its key. Without one, a fresh key. */
  key?: string | null;
}

/** The platform's entry type of an advertiser's ledger entry, or null for the outside world's. */
export function platformTypeOf(entry: Pick<LedgerEntry, 'type' | 'idempotencyKey'>): PlatformEntryType | null {
  switch (entry.type) {
    case 'spend': return 'revenue';
    case 'coupon': return 'coupon';
    case 'manual': return 'manual';
    case 'refund': return /^(refund|approval):/i.test(entry.idempotencyKey ?? '') ? 'event_refund' : null;
    default: return null;
  }
}

/** Books entries on the platform's account; an entry whose key exists adds its amount to it (a running entry). */
export async function bookPlatform(core: Core, transaction: Transaction, entries: PlatformEntry[]): Promise<void> {
  const rows = entries.filter((entry) => entry.amount !== 0);
  if (!rows.length) return;
  await core.sequelize.query(
    `INSERT INTO platform_entries (type, amount, advertiser_id, publisher_id, campaign_id, event_id, key)
     SELECT e.type, e.amount, e.advertiser_id, e.publisher_id, e.campaign_id, e.event_id, COALESCE(e.key, 'entry:' || gen_random_uuid())
     FROM jsonb_to_recordset($1::jsonb) AS e(type text, amount bigint, advertiser_id uuid, publisher_id uuid, campaign_id uuid, event_id uuid, key text)
     ON CONFLICT (key) DO UPDATE SET amount = platform_entries.amount + EXCLUDED.amount, updated = now()`,
    {
      bind: [JSON.stringify(rows.map((entry) => ({
        type: entry.type, amount: entry.amount, advertiser_id: entry.advertiser ?? null, publisher_id: entry.publisher ?? null,
        campaign_id: entry.campaign ?? null, event_id: entry.event ?? null, key: entry.key ? entry.key.toLowerCase() : null,
      })))],
      transaction,
    },
  );
}

/** Every account's sum and the outside flows, in cents: `accounts` equals `outside` when nothing bypassed double entry. */
export async function moneyAudit(core: Core): Promise<{ advertisers: number; publishers: number; platform: number; accounts: number; outside: number }> {
  const [row] = await core.sequelize.query<Record<string, string>>(
    `SELECT
       (SELECT COALESCE(SUM(balance), 0) FROM advertisers) AS advertisers,
       (SELECT COALESCE(SUM(amount), 0) FROM earnings) AS publishers,
       (SELECT COALESCE(SUM(amount), 0) FROM platform_entries) AS platform,
       (SELECT COALESCE(SUM(amount), 0) FROM transactions WHERE type IN ('topup', 'vat')
          OR (type = 'refund' AND COALESCE(idempotency_key, '') !~* '^(refund|approval):')) AS paid_in,
       (SELECT COALESCE(SUM(amount), 0) FROM earnings WHERE type = 'payout') AS paid_out`,
    { type: QueryTypes.SELECT },
  );
  const advertisers = Number(row.advertisers);
  const publishers = Number(row.publishers);
  const platform = Number(row.platform);
  return { advertisers, publishers, platform, accounts: advertisers + publishers + platform, outside: Number(row.paid_in) + Number(row.paid_out) };
}
