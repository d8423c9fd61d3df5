/**
 * Balance alerts (SPEC section 9 "Balance warning"): the level the dashboard banner shows, and one mail per
 * crossing into warning or danger. The used daily budget is the sum of the daily budgets of the
 * advertiser's active campaigns, so balance / used daily budget is how many days the credit lasts. The
 * thresholds on the balance alone hold "with prepaid contracts": a prepaid account that has none yet (nothing
 * booked, a new registration) has nothing a low balance could stop.
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

interface AlertState {
  /** The used daily budget, cents. */
  used: number;
  /** The advertiser has a prepaid contract that is not archived. */
  prepaidContracts: boolean;
  remembered: AlertLevel;
}

/** The used daily budget, whether prepaid contracts exist and the level last mailed (`ok` when none), in one round trip. */
async function alertState(core: Core, advertiserId: string, transaction?: Transaction): Promise<AlertState> {
  const [row] = await core.sequelize.query<{ used: string; prepaid_contracts: boolean; remembered: AlertLevel | null }>(
    `SELECT (SELECT COALESCE(SUM(daily_budget), 0) FROM campaigns
             WHERE advertiser_id = :advertiserId AND status = 'active' AND archived_at IS NULL) AS used,
            EXISTS (SELECT 1 FROM contracts WHERE advertiser_id = :advertiserId AND prepaid AND archived_at IS NULL) AS prepaid_contracts,
            (SELECT level FROM finance_balance_alerts WHERE advertiser_id = :advertiserId) AS remembered`,
    { replacements: { advertiserId }, type: QueryTypes.SELECT, transaction },
  );
  return { used: Number(row.used), prepaidContracts: Boolean(row.prepaid_contracts), remembered: row.remembered ?? 'ok' };
}

const prepaidOf = (funds: Funds, state: AlertState) => funds.billingType !== 'postpaid' && state.prepaidContracts;
const levelOf = (funds: Funds, state: AlertState) => classifyBalance({ balance: funds.balance, usedDailyBudget: state.used, prepaid: prepaidOf(funds, state) });

/** What the dashboard banner words: the level, the used daily budget (cents) and whether the prepaid thresholds apply. */
export async function balanceAlertOf(core: Core, funds: Funds): Promise<{ level: AlertLevel; usedDailyBudget: number; prepaid: boolean }> {
  const state = await alertState(core, funds.id);
  return { level: levelOf(funds, state), usedDailyBudget: state.used, prepaid: prepaidOf(funds, state) };
}

/**
 * Called after every ledger change with the advertiser row locked. Mails the owner after the commit when the
 * level is more severe than the one remembered, and remembers the most severe level until the balance has
 * recovered to `ok`: a balance going back and forth around a threshold mails once, not on every swing.
 */
export async function noteBalanceChange(core: Core, transaction: Transaction, funds: AdvertiserFunds): Promise<AlertLevel> {
  const state = await alertState(core, funds.id, transaction);
  const { remembered } = state;
  const level = levelOf(funds, state);
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
