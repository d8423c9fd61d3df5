/**
 * Publishers' invitations to a campaign (SPEC sections 3 and 4; the rules are config/invitations.ts):
 *
 * - staff list a campaign's publishers with their invitation status and move many at once through the UI
 *   transitions (invite, retract, reset): all or none, under the campaign's lock, each in the activity log;
 * - a publisher answers its invitation while it is open, which mails the campaign's affiliate manager;
 * - the publisher opening an invitation marks it received.
 *
 * Rows are found by publisher and campaign: the first one not archived is the invitation (the generic API may
 * have made more; they are left as they are).
 */
import { QueryTypes, type Transaction } from 'sequelize';
import { HttpError, type Core, NotFound, recordActivity, type RequestContext, type Row, text, type FieldError } from '@adsuite/backend/kit';
import {
  dayOf, followDates, type InvitationAction, type InvitationAnswer, mayAnswer, shownStatus, staffTransition,
} from '@adsuite/config/invitations';
import { type CampaignFacts, campaignFacts } from './campaigns.ts';
import { affiliateManagers, queueNotice } from './mail.ts';

/** Most publishers one request moves, and one page of the staff list. */
export const MAX_PUBLISHERS = 500;

export interface InvitationRow {
  id: string;
  publisher: string;
  campaign: string;
  invitationStatus: string;
  newInvitationStatus: string | null;
  end: string | null;
  continously: boolean | null;
  message: string | null;
  updated: Date;
}

/** The invitations of `campaign` for `publishers`, by publisher, locked when `lock`. */
async function invitationsOf(core: Core, campaign: string, publishers: string[] | null, transaction?: Transaction, lock = false): Promise<Map<string, InvitationRow>> {
  const rows = await core.sequelize.query<InvitationRow>(
    `SELECT DISTINCT ON (publisher_id) id, publisher_id AS publisher, campaign_id AS campaign, COALESCE(invitation_status, 'not_invited') AS "invitationStatus",
       new_invitation_status AS "newInvitationStatus", to_char("end", 'YYYY-MM-DD') AS "end", continously, message, updated
     FROM invitations WHERE campaign_id = $1 AND archived_at IS NULL ${publishers ? 'AND publisher_id = ANY($2::uuid[])' : ''}
     ORDER BY publisher_id, created, id`,
    { bind: publishers ? [campaign, publishers] : [campaign], type: QueryTypes.SELECT, transaction },
  );
  if (lock && rows.length) {
    await core.sequelize.query('SELECT id FROM invitations WHERE id = ANY($1::uuid[]) FOR UPDATE', { bind: [rows.map((row) => row.id)], transaction });
  }
  return new Map(rows.map((row) => [row.publisher, row]));
}

/** The campaign (404 when there is none or it is archived). */
export async function requireCampaign(core: Core, id: string, transaction?: Transaction): Promise<CampaignFacts> {
  const facts = (await campaignFacts(core, [id], transaction)).get(id);
  if (!facts) throw new NotFound(text('errors.record_not_found', { what: { de: 'Kampagne', en: 'Campaign' } }));
  return facts;
}

export interface StaffRow {
  publisher: { id: string; name: string; url: string | null };
  invitation: string | null;
  invitationStatus: string;
  newInvitationStatus: string | null;
  /** What staff see: the prepared change, else the stored status. */
  status: string;
  end: string | null;
  continously: boolean;
  updated: string | null;
}

function staffRow(publisher: { id: string; name: string; url: string | null }, row: InvitationRow | undefined): StaffRow {
  const invitationStatus = row?.invitationStatus ?? 'not_invited';
  const newInvitationStatus = row?.newInvitationStatus ?? null;
  return {
    publisher, invitation: row?.id ?? null, invitationStatus, newInvitationStatus, status: shownStatus({ invitationStatus, newInvitationStatus }),
    end: row?.end ?? null, continously: row?.continously === true, updated: row ? new Date(row.updated).toISOString() : null,
  };
}

export interface StaffListQuery {
  q: string;
  /** Only publishers whose shown status is one of these (empty: all). */
  statuses: string[];
  offset: number;
  limit: number;
}

/** A page of the publishers (by name) with their invitation to the campaign; `total` counts the filtered list. */
export async function staffInvitations(core: Core, campaign: CampaignFacts, query: StaffListQuery) {
  const invitations = await invitationsOf(core, campaign.id, null);
  const publishers = await core.sequelize.query<{ id: string; name: string; url: string | null }>(
    `SELECT id, name, url FROM publishers WHERE archived_at IS NULL ${query.q ? `AND name ILIKE '%' || $1 || '%'` : ''} ORDER BY name, id`,
    { bind: query.q ? [query.q.replace(/[\\%_]/g, (c) => `\\${c}`)] : [], type: QueryTypes.SELECT },
  );
  const rows = publishers.map((publisher) => staffRow(publisher, invitations.get(publisher.id)))
    .filter((row) => !query.statuses.length || query.statuses.includes(row.status));
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
  const waiting = [...invitations.values()].filter((row) => row.newInvitationStatus).length;
  return {
    campaign: { id: campaign.id, name: campaign.name, start: campaign.start, end: campaign.end, continuous: campaign.continuous, status: campaign.status },
    total: rows.length, counts, waiting, rows: rows.slice(query.offset, query.offset + query.limit),
  };
}

/**
 * Moves the invitations of `publisherIds` to the campaign by `action`, all or none: a publisher that is none (or
 * archived), or whose invitation the action may not move, refuses the whole request (409, one error per publisher
 * at `publishers.<index>`).
 */
export async function moveInvitations(core: Core, ctx: RequestContext, campaignId: string, action: InvitationAction, publisherIds: string[]): Promise<StaffRow[]> {
  const resource = core.resource('invitation');
  return core.sequelize.transaction(async (transaction) => {
    // One change of a campaign's invitations at a time (and with the send job), so two never make two rows.
    await core.sequelize.query(`SELECT pg_advisory_xact_lock(hashtext('invitations:' || $1))`, { bind: [campaignId], transaction });
    const campaign = await requireCampaign(core, campaignId, transaction);
    const publishers = await core.sequelize.query<{ id: string; name: string; url: string | null }>(
      'SELECT id, name, url FROM publishers WHERE id = ANY($1::uuid[]) AND archived_at IS NULL', { bind: [publisherIds], type: QueryTypes.SELECT, transaction },
    );
    const byId = new Map(publishers.map((row) => [row.id, row]));
    const invitations = await invitationsOf(core, campaign.id, publisherIds, transaction, true);
    const errors: FieldError[] = [];
    const plans = publisherIds.map((id, index) => {
      const row = invitations.get(id);
      const stored = row?.invitationStatus ?? 'not_invited';
      const pending = row?.newInvitationStatus ?? null;
      const next = byId.has(id) ? staffTransition(action, stored, pending) : undefined;
      if (!byId.has(id)) errors.push({ field: `publishers.${index}`, message: text('publishers.invitations.unknown_publisher') });
      else if (next === undefined) {
        errors.push({ field: `publishers.${index}`, message: text(`publishers.invitations.refused_${action}`, { publisher: byId.get(id)!.name, status: { key: `publishers.status.${shownStatus({ invitationStatus: stored, newInvitationStatus: pending })}` } }) });
      }
      return { id, row, next: next ?? null };
    });
    if (errors.length) throw new HttpError(409, errors[0].message, errors);
    const answer: StaffRow[] = [];
    for (const plan of plans) {
      let row: Row;
      if (plan.row) {
        await core.sequelize.query('UPDATE invitations SET new_invitation_status = $2, updated = now() WHERE id = $1', { bind: [plan.row.id, plan.next], transaction });
        row = (await core.model('invitation').findByPk(plan.row.id, { raw: true, transaction })) as Row;
        await recordActivity(core, ctx, resource, 'update', row, transaction);
      } else {
        row = (await core.model('invitation').create({
          publisher: plan.id, campaign: campaign.id, invitationStatus: 'not_invited', newInvitationStatus: plan.next, end: campaign.end, continously: campaign.continuous,
        }, { transaction })).get({ plain: true }) as Row;
        await recordActivity(core, ctx, resource, 'create', row, transaction);
      }
      const fresh = (await invitationsOf(core, campaign.id, [plan.id], transaction)).get(plan.id);
      answer.push(staffRow(byId.get(plan.id)!, fresh));
    }
    return answer;
  });
}

/** The publisher's invitation to the campaign, locked; 404 when it has none it can see. */
async function ownInvitation(core: Core, publisher: string, id: string, transaction: Transaction): Promise<InvitationRow> {
  const [row] = await core.sequelize.query<InvitationRow>(
    `SELECT id, publisher_id AS publisher, campaign_id AS campaign, COALESCE(invitation_status, 'not_invited') AS "invitationStatus",
       new_invitation_status AS "newInvitationStatus", to_char("end", 'YYYY-MM-DD') AS "end", continously, message, updated
     FROM invitations WHERE id = $1 AND publisher_id = $2 AND archived_at IS NULL AND COALESCE(invitation_status, 'not_invited') <> 'not_invited' FOR UPDATE`,
    { bind: [id, publisher], type: QueryTypes.SELECT, transaction },
  );
  if (!row) throw new NotFound(text('errors.record_not_found', { what: { de: 'Einladung', en: 'Invitation' } }));
  return row;
}

/**
 * The publisher's answer: accepted (then the status its campaign's dates give, config/invitations.ts followDates)
 * or rejected, while the invitation is open (else 409); the campaign's affiliate manager is mailed.
 */
export async function answerInvitation(core: Core, ctx: RequestContext, publisher: { id: string; name: string }, id: string, answer: InvitationAnswer, now = new Date()) {
  return core.sequelize.transaction(async (transaction) => {
    const row = await ownInvitation(core, publisher.id, id, transaction);
    const campaign = await requireCampaign(core, row.campaign, transaction);
    const today = dayOf(now);
    if (!mayAnswer(row.invitationStatus, campaign, today)) {
      const message = text('publishers.invitations.not_answerable', { status: { key: `publishers.status.${row.invitationStatus}` } });
      throw new HttpError(409, message, [{ field: 'answer', message }]);
    }
    const status = answer === 'accept' ? followDates('accepted', campaign, today) : 'rejected';
    await core.sequelize.query(
      `UPDATE invitations SET invitation_status = $2, "end" = $3, continously = $4, updated = now() WHERE id = $1`,
      { bind: [row.id, status, campaign.end, campaign.continuous], transaction },
    );
    const saved = (await core.model('invitation').findByPk(row.id, { raw: true, transaction })) as Row;
    await recordActivity(core, ctx, core.resource('invitation'), 'update', saved, transaction);
    const texts = answer === 'accept' ? 'publishers.mail.accepted' : 'publishers.mail.declined';
    for (const manager of await affiliateManagers(core, campaign.manager, transaction)) {
      await queueNotice(core, transaction, {
        to: manager, texts, params: { publisher: publisher.name, campaign: campaign.name }, page: `/campaign/invitations/${campaign.id}`,
        key: `invitationAnswer:${row.id}:${status}:${new Date(saved.updated as Date).getTime()}`,
      });
    }
    return { id: row.id, campaign: campaign.id, invitationStatus: status };
  });
}

/** The publisher opened its invitation: invited becomes invitation_received (SPEC section 4); any other status stays. */
export async function markReceived(core: Core, publisher: string, id: string) {
  return core.sequelize.transaction(async (transaction) => {
    const row = await ownInvitation(core, publisher, id, transaction);
    if (row.invitationStatus !== 'invited') return { id: row.id, campaign: row.campaign, invitationStatus: row.invitationStatus };
    await core.sequelize.query(`UPDATE invitations SET invitation_status = 'invitation_received', updated = now() WHERE id = $1`, { bind: [row.id], transaction });
    return { id: row.id, campaign: row.campaign, invitationStatus: 'invitation_received' };
  });
}
