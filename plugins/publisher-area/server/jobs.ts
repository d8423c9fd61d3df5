/**
 * The invitation jobs (issue 35 "Staff: inviting publishers"):
 *
 * - SEND_JOB sends what staff prepared: to_invite becomes invited (or invited_outdated for a campaign already over),
 *   to_retract becomes retracted, and the publisher's owner is mailed in its language. Queued by staff's "send"
 *   (for one campaign) and run every SEND_EVERY_MS for anything left. Each invitation is one transaction that
 *   re-reads it under its lock and writes its mail with it, so a job run twice sends nothing twice.
 * - DATES_JOB keeps the statuses that follow from the campaigns' dates as days pass (config/invitations.ts
 *   followDates: invited_outdated, accepted_upcoming, active, accepted_finished, and back when a campaign is
 *   extended), with the invitation's end and continuity copied from its campaign. Run every DATES_EVERY_MS.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import { ACCEPTED, dayOf, followDates, INVITED, PENDING_CHANGES, sentStatus } from '@adsuite/config/invitations';
import { campaignFacts } from './campaigns.ts';
import { publisherOwner, queueNotice } from './mail.ts';

export const SEND_JOB = 'publisherArea.sendInvitations';
export const SEND_EVERY_MS = 10 * 60_000;
export const DATES_JOB = 'publisherArea.invitationDates';
export const DATES_EVERY_MS = 60 * 60_000;

/** Sends the prepared changes (of one campaign when named); answers how many it sent. */
export async function sendInvitations(core: Core, { campaign, now = new Date() }: { campaign?: string | null; now?: Date } = {}): Promise<number> {
  const waiting = await core.sequelize.query<{ id: string }>(
    `SELECT id FROM invitations WHERE new_invitation_status = ANY($1::text[]) AND archived_at IS NULL ${campaign ? 'AND campaign_id = $2' : ''} ORDER BY created, id`,
    { bind: campaign ? [PENDING_CHANGES, campaign] : [PENDING_CHANGES], type: QueryTypes.SELECT },
  );
  let sent = 0;
  for (const { id } of waiting) {
    sent += await core.sequelize.transaction(async (transaction) => {
      const [row] = await core.sequelize.query<{ publisher_id: string; campaign_id: string; pending: string | null }>(
        `SELECT publisher_id, campaign_id, new_invitation_status AS pending FROM invitations WHERE id = $1 AND archived_at IS NULL FOR UPDATE`,
        { bind: [id], type: QueryTypes.SELECT, transaction },
      );
      if (!row || !row.pending || !PENDING_CHANGES.includes(row.pending as never)) return 0;
      const facts = (await campaignFacts(core, [row.campaign_id], transaction)).get(row.campaign_id);
      const period = facts ?? { start: null, end: null, continuous: false, status: null };
      const status = row.pending === 'to_invite' ? followDates(sentStatus(row.pending), period, dayOf(now)) : sentStatus(row.pending);
      const [updated] = await core.sequelize.query<{ updated: Date }>(
        `UPDATE invitations SET invitation_status = $2, new_invitation_status = NULL, "end" = $3, continously = $4, updated = now() WHERE id = $1 RETURNING updated`,
        { bind: [id, status, period.end, period.continuous], type: QueryTypes.SELECT, transaction },
      );
      const owner = await publisherOwner(core, row.publisher_id, transaction);
      if (owner && facts) {
        await queueNotice(core, transaction, {
          to: owner, texts: row.pending === 'to_invite' ? 'publishers.mail.invited' : 'publishers.mail.retracted',
          params: { campaign: facts.name, advertiser: facts.advertiserName }, page: '/p/campaigns',
          key: `invitationSent:${id}:${status}:${new Date(updated.updated).getTime()}`,
        });
      }
      return 1;
    });
  }
  return sent;
}

const FOLLOWED = [...INVITED, ...ACCEPTED];
const PAGE = 1000;

/** Brings the statuses, ends and continuity in step with the campaigns on `now`'s day; answers how many changed. */
export async function followCampaignDates(core: Core, now = new Date()): Promise<number> {
  const today = dayOf(now);
  let changed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await core.sequelize.query<{ id: string; campaign_id: string; status: string; end: string | null; continously: boolean | null }>(
      `SELECT id, campaign_id, invitation_status AS status, to_char("end", 'YYYY-MM-DD') AS "end", continously FROM invitations
       WHERE invitation_status = ANY($1::text[]) AND archived_at IS NULL AND id > $2 ORDER BY id LIMIT ${PAGE}`,
      { bind: [FOLLOWED, after], type: QueryTypes.SELECT },
    );
    if (!rows.length) return changed;
    after = rows[rows.length - 1].id;
    const facts = await campaignFacts(core, [...new Set(rows.map((row) => row.campaign_id))]);
    for (const row of rows) {
      const campaign = facts.get(row.campaign_id);
      if (!campaign) continue;
      const status = followDates(row.status, campaign, today);
      if (status === row.status && row.end === campaign.end && (row.continously === true) === campaign.continuous) continue;
      // Only when nobody changed it meanwhile (an answer, a send): the next run looks again.
      const moved = await core.sequelize.query(
        `UPDATE invitations SET invitation_status = $2, "end" = $3, continously = $4, updated = now() WHERE id = $1 AND invitation_status = $5 RETURNING id`,
        { bind: [row.id, status, campaign.end, campaign.continuous, row.status], type: QueryTypes.SELECT },
      );
      changed += moved.length;
    }
    if (rows.length < PAGE) return changed;
  }
}
