/**
 * Invalid traffic (docs/tracking-and-money.md "Invalid traffic"): every tracked view, click or conversion that is not
 * billed carries the reason why, stored on the raw event (`invalid`, NULL when the event is valid). An invalid event
 * costs nothing, earns no publisher a provision, is never approved, and counts in the rollups' invalid measures
 * instead of the valid ones, so that the reports show the invalid share. The keys are stable: they are stored.
 */
import type { Translated } from './resource.ts';

export const INVALID_REASONS = [
  'bot', 'opt_out', 'paused', 'budget', 'capped', 'blocked_website', 'unknown_publisher', 'repeated_click', 'click_without_view', 'click_rate',
] as const;
export type InvalidReason = (typeof INVALID_REASONS)[number];

/** How each reason reads in the event list, the Expert Analytics and the docs. */
export const INVALID_REASON_LABELS: Record<InvalidReason, Translated> = {
  bot: { de: 'Bot oder Crawler', en: 'Bot or crawler' },
  opt_out: { de: 'Widerspruch (Opt-out, Do-Not-Track, GPC)', en: 'Opt-out (opt-out cookie, Do-Not-Track, GPC)' },
  paused: { de: 'Line Item oder Kampagne liefert nicht aus', en: 'Line item or campaign not delivering' },
  budget: { de: 'Budget oder Guthaben aufgebraucht', en: 'Budget or balance used up' },
  capped: { de: 'Frequency Cap erreicht', en: 'Frequency cap reached' },
  blocked_website: { de: 'Website auf der Blacklist', en: 'Website on the blacklist' },
  unknown_publisher: { de: 'Unbekannter Publisher', en: 'Unknown publisher' },
  repeated_click: { de: 'Wiederholte Klick-ID', en: 'Repeated click ID' },
  click_without_view: { de: 'Klick ohne Ansicht der Anzeige', en: 'Click without a view of the ad' },
  click_rate: { de: 'Zu viele Klicks eines Besuchers', en: 'Too many clicks by one visitor' },
};

/** A click counts only after a view of the same ad (creative and line item) by the same visitor this long before. */
export const CLICK_VIEW_WINDOW_MS = 3_600_000;

/**
 * Clicks of one visitor on one campaign: a click beyond `clicks` within `ms` (counting every click of the visitor on
 * the campaign before it, valid or not) is invalid (`click_rate`): over 1 a minute, 3 in 10 minutes, 10 an hour or
 * 25 a day.
 */
export const CLICK_RATE_LIMITS: readonly { ms: number; clicks: number }[] = [
  { ms: 60_000, clicks: 1 },
  { ms: 600_000, clicks: 3 },
  { ms: 3_600_000, clicks: 10 },
  { ms: 86_400_000, clicks: 25 },
];
