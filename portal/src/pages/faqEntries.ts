/** The FAQ's topics and the questions under each; the texts are `faq.<topic>.<entry>.q` / `.a` in the message files. */
export const FAQ_TOPICS = {
  bookings: ['create', 'publish', 'change', 'cancel', 'status'],
  channels: ['which', 'minimum', 'split', 'add'],
  creatives: ['formats', 'generator', 'search', 'review'],
  credit: ['how', 'coupon', 'cost', 'low'],
  statistics: ['where', 'terms', 'tracking', 'export'],
  subaccounts: ['what', 'roles', 'invite', 'remove'],
} as const;

export type FaqTopic = keyof typeof FAQ_TOPICS;
export const FAQ_TOPIC_NAMES = Object.keys(FAQ_TOPICS) as FaqTopic[];
