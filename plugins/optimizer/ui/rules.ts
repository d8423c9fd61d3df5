/**
 * Which entries the affiliate dashboard shows (SPEC section 2): sticky entries always; the others when they have
 * a hint of a level the Filter Actions keep, or, in the Problems View, a problem.
 */
import type { DashboardRow, HintLevel } from './optimizerApi.ts';

export const LEVELS: readonly HintLevel[] = ['info', 'warning', 'danger'];

export function isShown(row: Pick<DashboardRow, 'optimizer' | 'instructions' | 'problems'>, levels: readonly HintLevel[], problemsView: boolean): boolean {
  if (row.optimizer.sticky) return true;
  if (problemsView) return row.problems.length > 0;
  return row.instructions.some((hint) => levels.includes(hint.level));
}

/** Cost over revenue in percent, one decimal; none without revenue. */
export const ratio = (cost: number, revenue: number) => (revenue > 0 ? Math.round((cost * 1000) / revenue) / 10 : null);
