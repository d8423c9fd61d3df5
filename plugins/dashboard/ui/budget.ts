/**
 * SPEC section 5's budget colours: remaining percent at most 10 danger, at most 35 warning, else success; the
 * template table draws the lines strictly (below 10, below 35).
 */
export type BudgetColour = 'error' | 'warning' | 'success';

export function budgetColour(remainingPercent: number, strict = false): BudgetColour {
  if (strict ? remainingPercent < 10 : remainingPercent <= 10) return 'error';
  if (strict ? remainingPercent < 35 : remainingPercent <= 35) return 'warning';
  return 'success';
}
