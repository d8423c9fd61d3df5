/**
 * The subscription dropdown of a campaign's statistics (SPEC sections 2, 3 "Subscription", 5): daily, weekly and
 * monthly report e-mails for one campaign; the bell is filled when any is on; saves when it closes and a box changed.
 */
export function SubscriptionMenu(_props: { campaign: string }) {
  return null;
}
