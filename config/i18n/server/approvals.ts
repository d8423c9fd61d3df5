/**
 * Approvals (plugins/approvals): the refusals of the creative approval API (SPEC section 8: 'Channel {x} was not
 * reviewed') and the words a rejected booking carries to its advertiser.
 */
import type { Messages } from './shape.ts';

const de = {
  bad_type: 'Der Typ muss „banner“ oder „lineitem“ sein.',
  bad_page: 'Die Seite muss eine ganze Zahl ab 1 sein.',
  bad_id: 'Der Parameter „%{name}“ muss eine ID sein.',
  bad_reviews: 'Bitte senden Sie die Prüfungen als Liste aus Kanal, Status, Grund und Kommentar.',
  bad_status: 'Der Status von Kanal %{channel} muss approved, rejected oder not_reviewed sein.',
  unknown_channel: 'Kanal %{channel} gehört nicht zu diesem Eintrag.',
  not_reviewed: 'Kanal %{channel} wurde nicht geprüft',
  reason_required: 'Bitte nennen Sie einen Grund, warum Kanal %{channel} abgelehnt wird.',
  reason_too_long: 'Der Grund darf höchstens %{max} Zeichen lang sein.',
  comment_too_long: 'Der Kommentar darf höchstens %{max} Zeichen lang sein.',
  nothing_to_review: 'Dieser Eintrag hat keine Kanäle zu prüfen.',
  creative_rejected: 'Werbemittel „%{creative}“ wurde für %{channel} abgelehnt: %{reason}',
};

const en: Messages<typeof de> = {
  bad_type: 'The type must be "banner" or "lineitem".',
  bad_page: 'The page must be a whole number from 1.',
  bad_id: 'Parameter "%{name}" must be an id.',
  bad_reviews: 'Please send the reviews as a list of channel, status, reason and comment.',
  bad_status: 'The status of channel %{channel} must be approved, rejected or not_reviewed.',
  unknown_channel: 'Channel %{channel} does not belong to this item.',
  not_reviewed: 'Channel %{channel} was not reviewed',
  reason_required: 'Please give a reason for rejecting channel %{channel}.',
  reason_too_long: 'The reason may be at most %{max} characters long.',
  comment_too_long: 'The comment may be at most %{max} characters long.',
  nothing_to_review: 'This item has no channels to review.',
  creative_rejected: 'Creative "%{creative}" was rejected for %{channel}: %{reason}',
};

export const approvalMessages = { de, en };
