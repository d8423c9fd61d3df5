/**
 * The tracking snippets a shop puts on its pages (SPEC section 2 "Modals: tracking-code (Universal vs Individual)"),
 * shared by the tracking-code modal and setting a program live. Both load the container script of the advertiser
 * (plugins/tracking/server/container.ts, `GET /c/{advertiser}.js`):
 * - Universal: one snippet for every page; it counts the page view, and the shop adds `adsuite.push([...])` lines.
 * - Individual: one snippet per page type, which sends that page's event class with the fields it carries.
 */
import { EVENT_CLASSES } from '@adsuite/config';

export type EventClass = (typeof EVENT_CLASSES)[number];
export type SnippetKind = 'universal' | 'individual';

/** The fields each event class carries, with placeholders the shop replaces (the tracking endpoint's names). */
export const EVENT_EXAMPLES: Readonly<Record<EventClass, string>> = {
  cart: "{ product: 'PRODUCT-ID', value: 29.90 }",
  catalog: "{ data: { category: 'CATEGORY' } }",
  checkout: '{ value: 59.90 }',
  front: '',
  generic: "{ data: { name: 'EVENT-NAME' } }",
  order: "{ order: 'ORDER-ID', value: 59.90 }",
  product: "{ product: 'PRODUCT-ID' }",
  search: "{ data: { query: 'SEARCH-TERM' } }",
  wishlist: "{ product: 'PRODUCT-ID' }",
};

const loader = (origin: string, advertiser: string) => `<script src="${origin}/c/${encodeURIComponent(advertiser)}.js" async></script>`;
const push = (cls: EventClass) => `adsuite.push(['${cls}'${EVENT_EXAMPLES[cls] ? `, ${EVENT_EXAMPLES[cls]}` : ''}]);`;
const queue = (line: string) => `<script>window.adsuite = window.adsuite || []; ${line}</script>`;

/** The snippet for every page of the shop: the page view, then whatever the page pushes. */
export function universalSnippet(origin: string, advertiser: string): string {
  return `<!-- AdSuite tracking: every page -->\n${queue(push('front'))}\n${loader(origin, advertiser)}`;
}

/** The snippet for the pages of one event class (the order confirmation page for `order`). */
export function individualSnippet(origin: string, advertiser: string, cls: EventClass): string {
  return `<!-- AdSuite tracking: ${cls} -->\n${queue(push(cls))}\n${loader(origin, advertiser)}`;
}

export const isEventClass = (value: unknown): value is EventClass => typeof value === 'string' && (EVENT_CLASSES as readonly string[]).includes(value);
