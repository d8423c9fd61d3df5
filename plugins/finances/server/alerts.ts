/**
 * Balance alerts (SPEC section 9 "Balance warning"): the level the dashboard banner shows, and one mail per
 * crossing into warning or danger. The used daily budget is the sum of the daily budgets of the
 * advertiser's active campaigns, so balance / used daily budget is how many days the credit lasts.
 */
import { QueryTypes, type Transaction } from 'sequelize';
import type { Core } from '@adsuite/backend/core';
import { financeMail } from './mail.ts';

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

export async function usedDailyBudget(core: Core, advertiserId: string, transaction?: Transaction): Promise<number> {
  const [row] = await core.sequelize.query<{ used: string }>(
    `SELECT COALESCE(SUM(daily_budget), 0) AS used FROM campaigns
     WHERE advertiser_id = :advertiserId AND status = 'active' AND archived_at IS NULL`,
    { replacements: { advertiserId }, type: QueryTypes.SELECT, transaction },
  );
  return Number(row.used);
}

export interface AdvertiserFunds {
  id: string;
  name: string;
  balance: number;
  billingType: string | null;
  owner: string | null;
}

export async function alertLevelOf(core: Core, advertiser: AdvertiserFunds, transaction?: Transaction): Promise<AlertLevel> {
  const used = await usedDailyBudget(core, advertiser.id, transaction);
  return classifyBalance({ balance: advertiser.balance, usedDailyBudget: used, prepaid: advertiser.billingType !== 'postpaid' });
}

/**
 * Called after every ledger change with the advertiser row locked: remembers the new level and, when it is
 * more severe than the remembered one, mails the owner after the commit. A recovered balance lowers the
 * remembered level, so the next crossing mails again.
 */
export async function noteBalanceChange(core: Core, transaction: Transaction, advertiser: AdvertiserFunds): Promise<AlertLevel> {
  const level = await alertLevelOf(core, advertiser, transaction);
  const [stored] = await core.sequelize.query<{ level: AlertLevel }>(
    'SELECT level FROM finance_balance_alerts WHERE advertiser_id = :id',
    { replacements: { id: advertiser.id }, type: QueryTypes.SELECT, transaction },
  );
  const previous = stored?.level ?? 'ok';
  if (level === previous) return level;
  await core.sequelize.query(
    `INSERT INTO finance_balance_alerts (advertiser_id, level, updated) VALUES (:id, :level, now())
     ON CONFLICT (advertiser_id) DO UPDATE SET level = EXCLUDED.level, updated = now()`,
    { replacements: { id: advertiser.id, level }, transaction },
  );
  const template = MAIL_OF[level];
  if (template && SEVERITY[level] > SEVERITY[previous]) {
    const recipient = await ownerOf(core, advertiser, transaction);
    if (recipient) {
      const data = { name: recipient.name, advertiser: advertiser.name, balanceCents: advertiser.balance };
      transaction.afterCommit(() => void financeMail.send(core, { to: recipient.to, language: recipient.language, template, data }));
    }
  }
  return level;
}

/** Who gets the advertiser's finance mails: its owner (the company account or the agency). */
export async function ownerOf(core: Core, advertiser: AdvertiserFunds, transaction?: Transaction): Promise<{ to: string; language: 'de' | 'en'; name?: string } | null> {
  if (!advertiser.owner) return null;
  const [login] = await core.sequelize.query<{ email: string; language: string | null; name: string | null }>(
    'SELECT email, language, name FROM logins WHERE id = :id',
    { replacements: { id: advertiser.owner }, type: QueryTypes.SELECT, transaction },
  );
  return login ? { to: login.email, language: login.language === 'en' ? 'en' : 'de', name: login.name ?? undefined } : null;
}
