import { describe, expect, it } from 'vitest';
import { MAX_DAILY_BUDGET } from '@adsuite/config';
import { formatEur } from '@adsuite/config/i18n/format';
import { translate } from '@adsuite/config/i18n/serverText';
import { clientCheck } from './useBookingWizard.ts';
import { emptyDraft } from './draft.ts';

const draft = (values: Record<string, unknown>) => ({ ...emptyDraft(), name: 'Winter', channels: ['dv360', 'outbrain'], ...values });

describe('the wizard\'s own check, when the server cannot be asked', () => {
  it('writes money the German way in German and the English way in English, as the server does', () => {
    const german = clientCheck(draft({ dailyBudget: 5 }), 1, 'de');
    expect(german?.fields.dailyBudget).toBe('Das Tagesbudget für Outbrain (2,50\u00a0€) liegt unter dessen Minimum von 30,00\u00a0€ pro Tag.');
    const english = clientCheck(draft({ dailyBudget: 5 }), 1, 'en');
    expect(english?.fields.dailyBudget).toBe('The daily budget for Outbrain (2,50\u00a0€) is below its minimum of 30,00\u00a0€ per day.');
    for (const language of ['de', 'en'] as const) {
      const tooMuch = clientCheck(draft({ dailyBudget: 99_999_999_999 }), 1, language);
      expect(tooMuch?.fields.dailyBudget).toBe(translate(language, 'booking.daily_budget_too_large', { max: { money: MAX_DAILY_BUDGET * 100 } }));
      expect(tooMuch?.fields.dailyBudget).toContain(formatEur(MAX_DAILY_BUDGET * 100));
      expect(tooMuch?.fields.dailyBudget).not.toContain('EUR');
    }
  });

  it('names days as DD-MM-YYYY (SPEC section 9)', () => {
    const early = clientCheck(draft({ dailyBudget: 100, start: '2000-01-01' }), 1, 'de');
    expect(early?.fields.start).toMatch(/^Das Startdatum darf nicht vor dem \d{2}-\d{2}-\d{4} liegen\.$/);
    expect(clientCheck(draft({ dailyBudget: 100, start: '2000-01-01' }), 1, 'en')?.fields.start).toMatch(/^The start date must not be before \d{2}-\d{2}-\d{4}\.$/);
  });
});
