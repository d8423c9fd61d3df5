/** Who sees which part of the top bar and footer (SPEC section 6 "Navigation visibility", section 2 "Top bar and footer"). */
import type { Role } from '@adsuite/config';

/** The container-code button, when an advertiser is selected. */
export const CONTAINER_CODE_ROLES: readonly Role[] = ['advertiser', 'agency', 'systemoperator', 'co_worker'];
export const FINANCE_HIDDEN_FOR: readonly Role[] = ['viewer'];
/** The application clock (GMT) in the footer. */
export const CLOCK_ROLES: readonly Role[] = ['systemoperator'];

/** The onsite container script of an advertiser (SPEC section 1: tracking-snippet generation). */
/**
 * The container code for a shop's pages (plugins/tracking/server/container.ts): a queue that records the page
 * view at once, and the script that sends it and every later `adsuite.push([...])` to the ad server.
 */
export const containerScript = (origin: string, advertiserId: string) =>
  `<script>window.adsuite = window.adsuite || []; adsuite.push(['front']);</script>\n<script src="${origin}/c/${encodeURIComponent(advertiserId)}.js" async></script>`;

/** The line a shop's order confirmation page adds: an order with its id and cart value becomes a conversion. */
export const ORDER_SNIPPET = "<script>adsuite.push(['order', { order: 'ORDER-ID', value: 59.90 }]);</script>";

/** `14:05:09 GMT`. */
export const gmtClock = (now: Date) => `${now.toISOString().slice(11, 19)} GMT`;
