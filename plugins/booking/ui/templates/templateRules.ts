/** The booking template's daily budget range (SPEC section 5: a booking's daily budget stays within its template's). */
export interface TemplateBudget {
  minDailyBudget?: number | string | null;
  maxDailyBudget?: number | string | null;
  defaultDailyBudget?: number | string | null;
}

const amount = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));

/** Message keys per field for a range that does not hold; empty when it does. */
export function budgetRangeErrors(values: TemplateBudget): Record<string, string> {
  const [min, max, preset] = [amount(values.minDailyBudget), amount(values.maxDailyBudget), amount(values.defaultDailyBudget)];
  const errors: Record<string, string> = {};
  if (min !== null && max !== null && max < min) errors.maxDailyBudget = 'app.booking_templates.max_below_min';
  if (preset !== null && ((min !== null && preset < min) || (max !== null && preset > max))) {
    errors.defaultDailyBudget = 'app.booking_templates.default_outside';
  }
  return errors;
}
