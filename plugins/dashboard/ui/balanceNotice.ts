/**
 * What the dashboard's balance banner says (SPEC section 9 "Balance warning"), from the level the server decided
 * (GET /api/finances/alert) and the figures it decided it on. Each case is worded as it is: a balance of at most
 * 1 EUR (prepaid) is used up or almost; a balance that is not small but runs out under the active campaigns'
 * daily budgets says how many days it lasts ("reicht noch für etwa N Tage"), never "used up". No React here.
 */

export interface BalanceAlert {
  level: 'ok' | 'warning' | 'danger';
  /** EUR. */
  balance: number;
  /** The daily budgets of the active campaigns, EUR. */
  dailyBudget?: number;
  /** The prepaid thresholds apply (prepaid billing with prepaid contracts). */
  prepaid?: boolean;
}

/** One sentence of the banner: a key of messages.ts `balance.*` and its parameters. */
export interface NoticePart {
  key: string;
  params: Record<string, string | number>;
}

export interface BalanceNotice {
  severity: 'warning' | 'error';
  parts: NoticePart[];
}


/** The balance below which a prepaid account is warned, and at or below which it is alarmed (EUR, SPEC section 9). */
const PREPAID_LOW = 10;
const PREPAID_EMPTY = 1;

/** How long the balance lasts at the daily budgets: whole days, rounded down (so "about N days" never promises more). */
export function daysLeft(balance: number, dailyBudget: number): number {
  return Math.max(0, Math.floor(balance / dailyBudget + 1e-9));
}

function lasts(balance: number, dailyBudget: number, money: (euros: number) => string): NoticePart {
  const days = daysLeft(balance, dailyBudget);
  const params = { daily: money(dailyBudget) };
  return days < 1 ? { key: 'balance.lasts_under_a_day', params } : { key: 'balance.lasts_days', params: { ...params, smart_count: days } };
}

export function balanceNotice(alert: BalanceAlert | null | undefined, money: (euros: number) => string): BalanceNotice | null {
  if (!alert || alert.level === 'ok') return null;
  const { balance, prepaid = false } = alert;
  const daily = alert.dailyBudget ?? 0;
  const severity = alert.level === 'danger' ? 'error' : 'warning';
  const running = daily > 0;
  const amount = { balance: money(balance) };
  // The prepaid thresholds on the balance itself.
  if (prepaid && balance <= 0) return { severity, parts: [{ key: running ? 'balance.empty_running' : 'balance.empty', params: amount }] };
  if (prepaid && balance <= PREPAID_EMPTY) {
    return { severity, parts: [{ key: 'balance.almost_empty', params: amount }, ...(running ? [lasts(balance, daily, money)] : [])] };
  }
  if (prepaid && balance < PREPAID_LOW) {
    return { severity, parts: [{ key: 'balance.low', params: amount }, ...(running ? [lasts(balance, daily, money)] : [])] };
  }
  // The balance is not small: the daily budgets use it up within two (danger) or five (warning) days.
  if (running) return { severity, parts: [{ key: 'balance.amount', params: amount }, lasts(balance, daily, money)] };
  return { severity, parts: [{ key: 'balance.low', params: amount }] };
}
