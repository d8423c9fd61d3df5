/**
 * Balance alerts (SPEC section 9 "Balance warning"): the level the dashboard banner shows, and one mail per
 * crossing into warning or danger. The used daily budget is the sum of the daily budgets of the
 * advertiser's active campaigns, so balance / used daily budget is how many days the credit lasts.
 */
import { QueryTypes, type Transaction } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import type { AdvertiserFunds } from './ledger.ts';
import { financeMail, recipientOf } from './mail.ts';

export type AlertLevel = 'ok' | 'warning' | 'danger';

const SEVERITY: Record<AlertLevel, number> = { ok: 0, warning: 1, danger: 2 };
const MAIL_OF: Partial<Record<AlertLevel, 'lowBalance' | 'outOfBalance'>> = { warning: 'lowBalance', danger: 'outOfBalance' };

/**
 * All amounts in cents. Danger: a prepaid balance of at most 1 euro, or a used daily budget above half the
 * balance. Warning: a prepaid balance above 1 and below 10 euro, or a used daily budget above a fifth of it.
 */
export function classifyBalance({ balance, usedDailyBudget, prepaid }: { balance: number; usedDailyBudget: number; prepaid: boolean }): AlertLevel {
  if ((prepaid && balance <= 100) || usedDailyBudget > balance / 2) return 'danger';
  if ((prepaid && balance > 100 && balance < 1000) || usedDailyBudget > balance / 5) return 'warning';
  return 'ok';
}

type Funds = Pick<AdvertiserFunds, 'id' | 'balance' | 'billingType'>;

/** The used daily budget and the level last mailed (`ok` when none), in one round trip. */
async function alertState(core: Core, advertiserId: string, transaction?: Transaction): Promise<{ used: number; remembered: AlertLevel }> {
  const [row] = await core.sequelize.query<{ used: string; remembered: AlertLevel | null }>(
    `SELECT (SELECT COALESCE(SUM(daily_budget), 0) FROM campaigns
             WHERE advertiser_id = :advertiserId AND status = 'active' AND archived_at IS NULL) AS used,
            (SELECT level FROM finance_balance_alerts WHERE advertiser_id = :advertiserId) AS remembered`,
    { replacements: { advertiserId }, type: QueryTypes.SELECT, transaction },
  );
  return { used: Number(row.used), remembered: row.remembered ?? 'ok' };
}

const levelOf = (funds: Funds, used: number) => classifyBalance({ balance: funds.balance, usedDailyBudget: used, prepaid: funds.billingType !== 'postpaid' });

export async function alertLevelOf(core: Core, funds: Funds): Promise<AlertLevel> {
  return levelOf(funds, (await alertState(core, funds.id)).used);
}

/**
 * Called after every ledger change with the advertiser row locked. Mails the owner after the commit when the
 * level is more severe than the one remembered, and remembers the most severe level until the balance has
 * recovered to `ok`: a balance going back and forth around a threshold mails once, not on every swing.
 */
export async function noteBalanceChange(core: Core, transaction: Transaction, funds: AdvertiserFunds): Promise<AlertLevel> {
  const { used, remembered } = await alertState(core, funds.id, transaction);
  const level = levelOf(funds, used);
  const next = level === 'ok' || SEVERITY[level] > SEVERITY[remembered] ? level : remembered;
  if (next === remembered) return level;
  await core.sequelize.query(
    `INSERT INTO finance_balance_alerts (advertiser_id, level, updated) VALUES (:id, :level, now())
     ON CONFLICT (advertiser_id) DO UPDATE SET level = EXCLUDED.level, updated = now()`,
    { replacements: { id: funds.id, level: next }, transaction },
  );
  const template = MAIL_OF[level];
  const recipient = recipientOf(funds);
  if (template && next === level && recipient) {
    const data = { name: recipient.name, advertiser: funds.name, balanceCents: funds.balance };
    transaction.afterCommit(() => void financeMail.send(core, { to: recipient.to, language: recipient.language, template, data }));
  }
  return level;
}
