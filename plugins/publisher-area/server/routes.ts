/**
 * The publisher area's routes (SPEC section 7 "publisher (dashboard, campaigns, invitations, balance, websitedata)";
 * the balance is the finances plugin's). The publisher in the path must be one the request reaches (its own; staff
 * any), else 404; an advertiser is refused (403).
 *
 *   GET  /api/publisher/:id/dashboard?start=&end=     /p: figures, balance, pending earnings, tops, invitations (home.ts)
 *   GET  /api/publisher/:id/campaigns                 /p/campaigns: the campaigns offered (offers.ts)
 *   GET  /api/publisher/:id/campaigns/:campaign       one of them, with its placements once accepted
 *   GET  /api/publisher/:id/invitations               the invitations waiting for an answer
 *   POST /api/publisher/:id/invitations/:invitation   `{ answer: accept | decline }` (invitations.ts), mails the affiliate manager
 *   POST /api/publisher/:id/invitations/:invitation/received   the publisher opened it: invited becomes invitation_received
 *   GET  /api/publisher/:id/websitedata?start=&end=   its websites with details and figures, and the ones to claim (websites.ts)
 *   POST /api/publisher/:id/websites/claim            `{ website }`: registers a host that sent it traffic
 *
 * Staff (affiliatemanager, administrator, systemoperator) on a campaign's invitations:
 *
 *   GET  /api/campaign/:id/invitations?q=&status=&range=   the publishers with their invitation status
 *   POST /api/campaign/:id/invitations                     `{ action: invite | retract | reset, publishers: [ids] }`, all or none
 *   POST /api/campaign/:id/invitations/send                queues the send job for the campaign's prepared changes (202)
 */
import { Router } from 'express';
import { canOnRow, contextOf, type Core, Forbidden, getRecord, isUuid, NotFound, type RequestContext, text } from '@adsuite/backend/kit';
import { mayOpen } from '@adsuite/config';
import { INVITATION_STAFF, PENDING_CHANGES } from '@adsuite/config/invitations';
import { QueryTypes } from 'sequelize';
import { dayRange } from '../../reports/server/kit.ts';
import { publisherHome, waitingInvitations } from './home.ts';
import { answerInvitation, markReceived, moveInvitations, requireCampaign, staffInvitations } from './invitations.ts';
import { invitationAnswer, invitationMove, staffListQuery } from './input.ts';
import { SEND_JOB } from './jobs.ts';
import { publisherCampaign, publisherCampaigns } from './offers.ts';
import { claimWebsite, websiteData } from './websites.ts';

/** The publisher of the path, as the request may read it. */
async function publisherOf(core: Core, ctx: RequestContext, id: string): Promise<{ id: string; name: string }> {
  if (!mayOpen('/p', { role: ctx.role, parent: (ctx.user.parent as string | null) ?? null }) || !ctx.ability.can('read', 'publisher')) throw new Forbidden();
  const row = await getRecord(core, ctx, core.resource('publisher'), id);
  return { id: String(row.id), name: String(row.name ?? '') };
}

function invitationStaff(ctx: RequestContext) {
  if (!(INVITATION_STAFF as readonly string[]).includes(ctx.role)) throw new Forbidden(text('publishers.invitations.staff_only'));
}

const campaignMissing = () => new NotFound(text('errors.record_not_found', { what: { de: 'Kampagne', en: 'Campaign' } }));

export function publisherRoutes(core: Core): Router {
  const router = Router();

  router.get('/publisher/:id/dashboard', async (req, res) => {
    const ctx = contextOf(req);
    const publisher = await publisherOf(core, ctx, req.params.id);
    res.json(await publisherHome(core, publisher.id, dayRange(req.query as Record<string, unknown>)));
  });

  router.get('/publisher/:id/campaigns', async (req, res) => {
    const publisher = await publisherOf(core, contextOf(req), req.params.id);
    res.json(await publisherCampaigns(core, publisher.id));
  });

  router.get('/publisher/:id/campaigns/:campaign', async (req, res) => {
    const publisher = await publisherOf(core, contextOf(req), req.params.id);
    if (!isUuid(req.params.campaign)) throw campaignMissing();
    res.json(await publisherCampaign(core, publisher.id, req.params.campaign.toLowerCase()));
  });

  router.get('/publisher/:id/invitations', async (req, res) => {
    const publisher = await publisherOf(core, contextOf(req), req.params.id);
    res.json(await waitingInvitations(core, publisher.id));
  });

  router.post('/publisher/:id/invitations/:invitation', async (req, res) => {
    const ctx = contextOf(req);
    const publisher = await publisherOf(core, ctx, req.params.id);
    // The publisher answers here, and only here (the generic invitation API refuses its writes); staff may answer for it.
    if (ctx.role !== 'publisher' && !(INVITATION_STAFF as readonly string[]).includes(ctx.role)) throw new Forbidden();
    const answer = invitationAnswer(req.body);
    if (!isUuid(req.params.invitation)) throw new NotFound(text('errors.record_not_found', { what: { de: 'Einladung', en: 'Invitation' } }));
    res.json(await answerInvitation(core, ctx, publisher, req.params.invitation.toLowerCase(), answer));
  });

  router.post('/publisher/:id/invitations/:invitation/received', async (req, res) => {
    const ctx = contextOf(req);
    const publisher = await publisherOf(core, ctx, req.params.id);
    // The publisher itself opening it (not staff looking on) has received the invitation.
    if (ctx.role !== 'publisher') throw new Forbidden();
    if (!isUuid(req.params.invitation)) throw new NotFound(text('errors.record_not_found', { what: { de: 'Einladung', en: 'Invitation' } }));
    res.json(await markReceived(core, publisher.id, req.params.invitation.toLowerCase()));
  });

  router.get('/publisher/:id/websitedata', async (req, res) => {
    const publisher = await publisherOf(core, contextOf(req), req.params.id);
    res.json(await websiteData(core, publisher.id, dayRange(req.query as Record<string, unknown>, Date.now(), 30)));
  });

  router.post('/publisher/:id/websites/claim', async (req, res) => {
    const ctx = contextOf(req);
    const publisher = await publisherOf(core, ctx, req.params.id);
    if (!canOnRow(ctx.ability, 'create', 'website', { publisher: publisher.id })) throw new Forbidden();
    res.status(201).json(await claimWebsite(core, ctx, publisher.id, req.body));
  });

  return router;
}

export function staffRoutes(core: Core): Router {
  const router = Router();
  const campaignOf = async (ctx: RequestContext, id: string) => {
    invitationStaff(ctx);
    if (!isUuid(id)) throw campaignMissing();
    return requireCampaign(core, id.toLowerCase());
  };

  router.get('/campaign/:id/invitations', async (req, res) => {
    const campaign = await campaignOf(contextOf(req), req.params.id);
    res.json(await staffInvitations(core, campaign, staffListQuery(req.query as Record<string, unknown>)));
  });

  router.post('/campaign/:id/invitations', async (req, res) => {
    const ctx = contextOf(req);
    const campaign = await campaignOf(ctx, req.params.id);
    const { action, publishers } = invitationMove(req.body);
    res.json({ rows: await moveInvitations(core, ctx, campaign.id, action, publishers) });
  });

  router.post('/campaign/:id/invitations/send', async (req, res) => {
    const campaign = await campaignOf(contextOf(req), req.params.id);
    const [{ waiting }] = await core.sequelize.query<{ waiting: number }>(
      'SELECT COUNT(*)::int AS waiting FROM invitations WHERE campaign_id = $1 AND archived_at IS NULL AND new_invitation_status = ANY($2::text[])',
      { bind: [campaign.id, PENDING_CHANGES], type: QueryTypes.SELECT },
    );
    const job = waiting ? await core.jobs.enqueue(SEND_JOB, { campaign: campaign.id }, { retries: 3 }) : null;
    res.status(202).json({ waiting, job });
  });

  return router;
}
