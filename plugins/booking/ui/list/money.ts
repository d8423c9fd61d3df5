/** Euro amounts as the lists show them (SPEC section 9: EUR with two decimals, German locale). */
import { formatEuros } from '@adsuite/config/i18n/format';

export const formatEuro = (value: unknown): string => (value == null || value === '' || Number.isNaN(Number(value)) ? '' : formatEuros(Number(value)));

/** The budget, or the daily budget with '/ day' when only that exists (SPEC section 9). */
export function budgetOf(booking: { budget?: number | null; dailyBudget?: number | null }): { amount: string; perDay: boolean } {
  if (booking.budget) return { amount: formatEuro(booking.budget), perDay: false };
  if (booking.dailyBudget) return { amount: formatEuro(booking.dailyBudget), perDay: true };
  return { amount: formatEuro(booking.budget ?? booking.dailyBudget), perDay: false };
}
