/**
 * A statistics screen's range of days (`YYYY-MM-DD`, UTC, both ends included) and the rules every such screen
 * shares: the earliest day it may start (SPEC section 5: 6 months and 1 day back), the shortcuts, and the days
 * it spans.
 */
import { addDays, daysBetween, earliestStartDate, today } from '@adsuite/config/booking/dates';

export interface DayRange {
  start: string;
  end: string;
}

export { today };
export const daysBack = (days: number, from: string = today()) => addDays(from, -days);
/** The earliest day a range may start; the servers refuse earlier ones with a 400. */
export const earliestDay = (from: string = today()) => earliestStartDate(from);
/** The last `days` days, today included. */
export const lastDays = (days: number, from: string = today()): DayRange => ({ start: daysBack(days - 1, from), end: from });
/** Days in a range, both ends included. */
export const daysIn = (range: DayRange) => daysBetween(range.start, range.end) + 1;

/** The shortcuts of the range picker: yesterday, the last 7 and the last 30 days (today included). */
export const RANGE_SHORTCUTS = {
  yesterday: (): DayRange => ({ start: daysBack(1), end: daysBack(1) }),
  week: (): DayRange => lastDays(7),
  month: (): DayRange => lastDays(30),
} as const;
export type RangeShortcut = keyof typeof RANGE_SHORTCUTS;
