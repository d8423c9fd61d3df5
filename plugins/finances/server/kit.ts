/**
 * The finances plugin's door for other plugins (plugins/doors.test.ts): what they may use of it. Everything else in
 * this plugin is its own, free to change.
 */
export { lockAdvertiser, post, reservedCents, ACCRUAL_ANSWER_SQL, ACCRUAL_SQL, type AccrualAnswer, levelsChanged, noteBalanceLevels } from './ledger.ts';
export { captureEvent, creditProvision, type MoneyEvent, refundEvent, releaseEvent } from './eventMoney.ts';
