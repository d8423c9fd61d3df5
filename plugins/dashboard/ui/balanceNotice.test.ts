/** The balance banner's words for each case of SPEC section 9, in German and English. */
import { describe, expect, it } from 'vitest';
import Polyglot from 'node-polyglot';
import { formatEuros } from '@adsuite/config/i18n/format';
import { balanceNotice, daysLeft, type BalanceAlert } from './balanceNotice.ts';
import { messages } from './messages.ts';

const say = (language: 'de' | 'en', alert: BalanceAlert) => {
  const polyglot = new Polyglot({ phrases: { balance: messages[language].balance }, locale: language });
  const notice = balanceNotice(alert, formatEuros);
  return notice && { severity: notice.severity, text: notice.parts.map((part) => polyglot.t(part.key, part.params)).join(' ').replace(/\u00a0/g, ' ') };
};

describe('the balance banner', () => {
  it('says nothing when the server sees no reason', () => {
    expect(say('de', { level: 'ok', balance: 0, dailyBudget: 0, prepaid: false })).toBeNull();
    expect(say('de', { level: 'ok', balance: 325, dailyBudget: 50, prepaid: true })).toBeNull();
  });

  it('calls a prepaid balance of 0 used up, and says what it stops only when campaigns run', () => {
    expect(say('de', { level: 'danger', balance: 0, dailyBudget: 0, prepaid: true })).toEqual({
      severity: 'error', text: 'Ihr Guthaben ist aufgebraucht: 0,00 €. Laden Sie Guthaben auf, bevor Sie eine Kampagne starten.',
    });
    expect(say('en', { level: 'danger', balance: 0, dailyBudget: 25, prepaid: true })?.text)
      .toBe('Your balance is used up: 0,00 €. Your campaigns are delivered again once you top up.');
  });

  it('calls a prepaid balance up to 1 euro almost used up and one below 10 euro low, with the days it lasts when campaigns run', () => {
    expect(say('de', { level: 'danger', balance: 0.5, dailyBudget: 0, prepaid: true })?.text).toBe('Ihr Guthaben ist fast aufgebraucht: 0,50 €.');
    expect(say('de', { level: 'warning', balance: 8, dailyBudget: 3, prepaid: true })).toEqual({
      severity: 'warning', text: 'Ihr Guthaben ist niedrig: 8,00 €. Bei Tagesbudgets von zusammen 3,00 € reicht es noch für etwa 2 Tage.',
    });
    expect(say('en', { level: 'warning', balance: 8, dailyBudget: 5, prepaid: true })?.text)
      .toBe('Your balance is low: 8,00 €. At daily budgets of 5,00 € in total it lasts for about 1 more day.');
  });

  it('never calls a balance that is not small used up: it says how long it lasts at the daily budgets', () => {
    // The agency of issue 34: 154,08 EUR against daily budgets above half of it.
    expect(say('de', { level: 'danger', balance: 154.08, dailyBudget: 100, prepaid: true })).toEqual({
      severity: 'error', text: 'Ihr Guthaben beträgt 154,08 €. Bei Tagesbudgets von zusammen 100,00 € reicht es noch für etwa 1 Tag.',
    });
    expect(say('de', { level: 'danger', balance: 154.08, dailyBudget: 200, prepaid: true })?.text)
      .toBe('Ihr Guthaben beträgt 154,08 €. Bei Tagesbudgets von zusammen 200,00 € reicht es keinen ganzen Tag mehr.');
    expect(say('en', { level: 'warning', balance: 400, dailyBudget: 100, prepaid: false })).toEqual({
      severity: 'warning', text: 'Your balance is 400,00 €. At daily budgets of 100,00 € in total it lasts for about 4 more days.',
    });
    for (const language of ['de', 'en'] as const) {
      expect(say(language, { level: 'danger', balance: 154.08, dailyBudget: 100, prepaid: true })?.text).not.toMatch(/aufgebraucht|used up/);
    }
  });

  it('counts whole days, rounded down', () => {
    expect([daysLeft(154.08, 200), daysLeft(154.08, 100), daysLeft(400, 100), daysLeft(399.99, 100), daysLeft(-5, 10)]).toEqual([0, 1, 4, 3, 0]);
  });
});
