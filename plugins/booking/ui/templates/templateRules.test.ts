import { describe, expect, it } from 'vitest';
import { budgetRangeErrors } from './templateRules.ts';

describe('booking template daily budget range', () => {
  it('accepts a default between minimum and maximum, and an open maximum', () => {
    expect(budgetRangeErrors({ minDailyBudget: 5, maxDailyBudget: 200, defaultDailyBudget: 10 })).toEqual({});
    expect(budgetRangeErrors({ minDailyBudget: 5, maxDailyBudget: null, defaultDailyBudget: 500 })).toEqual({});
  });

  it('refuses a maximum below the minimum and a default outside the range', () => {
    expect(budgetRangeErrors({ minDailyBudget: 50, maxDailyBudget: 20 })).toEqual({ maxDailyBudget: 'app.booking_templates.max_below_min' });
    expect(budgetRangeErrors({ minDailyBudget: 5, maxDailyBudget: 20, defaultDailyBudget: '2' })).toEqual({ defaultDailyBudget: 'app.booking_templates.default_outside' });
  });
});
