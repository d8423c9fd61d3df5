/**
 * A publisher's invitation to promote a campaign (SPEC sections 3 and 4), as server and browser share it.
 *
 * The stored `invitationStatus` is what the publisher sees. Staff prepare changes in `newInvitationStatus`
 * (to_invite, to_retract) and send them later: the send job turns to_invite into invited and to_retract into
 * retracted and mails the publisher. Until then the publisher sees the old status, and a reset clears the
 * prepared change, which restores the original (SPEC section 4 "reset restores the original").
 *
 * UI transitions (staff): not_invited or retracted -> to_invite; invited or accepted -> to_retract; to_invite
 * and to_retract back by reset. The publisher answers an invited campaign (accepted or rejected) while it is
 * open: continuous, or its end not passed. The statuses that follow from the campaign's dates and status are kept
 * by a job as days pass (followDates): invited_outdated, accepted_upcoming, active, accepted_finished.
 */
import { INVITATION_STATUSES } from './constants.ts';

export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** What staff do to publishers' invitations of a campaign. */
export const INVITATION_ACTIONS = ['invite', 'retract', 'reset'] as const;
export type InvitationAction = (typeof INVITATION_ACTIONS)[number];

/** What a publisher answers. */
export const INVITATION_ANSWERS = ['accept', 'decline'] as const;
export type InvitationAnswer = (typeof INVITATION_ANSWERS)[number];

/** Who moves invitations (issue 35 "Staff: inviting publishers"). */
export const INVITATION_STAFF = ['affiliatemanager', 'administrator', 'systemoperator'] as const;

/** Stored statuses staff may invite from. */
export const INVITABLE: readonly InvitationStatus[] = ['not_invited', 'retracted'];
/** Invited or accepted, and still live: what staff may retract. */
export const RETRACTABLE: readonly InvitationStatus[] = ['invited', 'invitation_received', 'accepted', 'accepted_upcoming', 'active'];
/** An invitation the publisher has not answered yet. */
export const ANSWERABLE: readonly InvitationStatus[] = ['invited', 'invitation_received'];
export const INVITED: readonly InvitationStatus[] = ['invited', 'invitation_received', 'invited_outdated'];
export const ACCEPTED: readonly InvitationStatus[] = ['accepted', 'accepted_upcoming', 'active', 'accepted_finished'];
/** Accepted and not over: the publisher gets the campaign's ad tags and splitter links. */
export const WITH_TAGS: readonly InvitationStatus[] = ['accepted', 'accepted_upcoming', 'active'];
/** Changes staff prepare, sent by the job. */
export const PENDING_CHANGES: readonly InvitationStatus[] = ['to_invite', 'to_retract'];
/** Campaign statuses after which nothing is delivered any more. */
const OVER = ['finished', 'canceled', 'canceling', 'cancelling', 'interrupted'];

/** The status staff see: the prepared change, else the stored status. */
export const shownStatus = (row: { invitationStatus: string; newInvitationStatus?: string | null }): string => row.newInvitationStatus || row.invitationStatus;

/**
 * The prepared change an action leaves (`null`: none, the original restored), or `undefined` when the action is
 * not allowed from where the invitation is.
 */
export function staffTransition(action: InvitationAction, stored: string, pending: string | null | undefined): InvitationStatus | null | undefined {
  if (action === 'reset') return pending ? null : undefined;
  if (pending) return undefined;
  if (action === 'invite') return INVITABLE.includes(stored as InvitationStatus) ? 'to_invite' : undefined;
  return RETRACTABLE.includes(stored as InvitationStatus) ? 'to_retract' : undefined;
}

/** The status the send job writes for a prepared change. */
export const sentStatus = (pending: string): InvitationStatus => (pending === 'to_invite' ? 'invited' : 'retracted');

/** A campaign's period and status as the invitation rules read it; days are YYYY-MM-DD (UTC). */
export interface CampaignPeriod {
  start: string | null;
  end: string | null;
  /** Runs without an end. */
  continuous: boolean;
  status: string | null;
}

/** The UTC day of `now`. */
export const dayOf = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** Open for an answer: continuous, or its end not passed (SPEC section 4). */
export const isOpen = (period: Pick<CampaignPeriod, 'end' | 'continuous'>, today: string) => period.continuous || (period.end !== null && period.end >= today);

/** Whether the publisher may answer now. */
export const mayAnswer = (status: string, period: Pick<CampaignPeriod, 'end' | 'continuous'>, today: string) =>
  ANSWERABLE.includes(status as InvitationStatus) && isOpen(period, today);

/**
 * The status that follows from the campaign's dates and status on `today` (any other status stays):
 * an invitation not answered is invited_outdated once its end passed (and invited again when the end moves on);
 * an accepted one is accepted_finished once the campaign is over, accepted_upcoming before its start, active while
 * it delivers, and accepted otherwise (paused, not yet published).
 */
export function followDates(status: string, period: CampaignPeriod, today: string): string {
  if (INVITED.includes(status as InvitationStatus)) {
    if (!isOpen(period, today)) return 'invited_outdated';
    return status === 'invited_outdated' ? 'invited' : status;
  }
  if (ACCEPTED.includes(status as InvitationStatus)) {
    if (OVER.includes(period.status ?? '') || (!period.continuous && period.end !== null && period.end < today)) return 'accepted_finished';
    if (period.start !== null && period.start > today) return 'accepted_upcoming';
    return period.status === 'active' ? 'active' : 'accepted';
  }
  return status;
}
