/**
 * PUT /api/banner/:id while a live booking runs the creative (issue 14, SPEC sections 2 and 3): when someone who
 * does not review changes what the ad shows or where it links (BANNER_REVIEWED_FIELDS in config/approvals.ts) of a
 * creative that a live line item runs, the change is saved with the creative's channel reviews open again, so it
 * waits on /approvals; the line items that run it (except those approving themselves) take it off and hold it
 * (`heldCreatives`), so the ad server does not serve it and no channel is sent it. Once staff approve it for a
 * channel, the booking flow's job booking.liveCreatives puts it back on that channel's line items and tells the
 * channel, as it does with a live booking's new creatives (liveChanges.ts). Its name, a staff edit and an edit of
 * a creative no live line item waits for (template ads need no review) apply at once. The ad server reads a line
 * item's creatives afresh within LINEITEM_TTL_MS (plugins/tracking), as for any line item change.
 */
import { Router } from 'express';
import { QueryTypes, type Transaction } from 'sequelize';
import { changedBannerFields, clearedFor, LIVE_BOOKING_STATUSES, reviewedChannels } from '@adsuite/config/approvals';
import type { ResourceDef } from '@adsuite/config';
import { checkInput, contextOf, type Core, invalidFields, type RequestContext, type Row, updateRecord } from '@adsuite/backend/kit';
import { reviewsItself, withReviewFields } from './lineitemReview.ts';
import { editedRecord } from './lineitems.ts';

/** The live line items running the banner whose changes wait for review (they do not approve themselves). */
async function reviewingLineItems(core: Core, bannerId: string, transaction?: Transaction): Promise<{ id: string; channel: string; creatives: string[]; held: string[] }[]> {
  return core.sequelize.query(
    `SELECT l.id, l.channel, l.creatives_ids AS creatives, coalesce(l.held_creatives_ids, '{}') AS held FROM lineitems l
       JOIN campaigns c ON c.id = l.campaign_id LEFT JOIN bookings bk ON bk.id = l.booking_id
     WHERE l.archived_at IS NULL AND l.autoapprove IS NOT TRUE AND CAST(:id AS uuid) = ANY(l.creatives_ids)
       AND coalesce(bk.status, c.status) IN (:live)
     ORDER BY l.id${transaction ? ' FOR UPDATE OF l' : ''}`,
    { replacements: { id: bannerId, live: [...LIVE_BOOKING_STATUSES] }, type: QueryTypes.SELECT, transaction },
  );
}

/**
 * The update as it is to be written when the change goes back to review: the body with the creative's channel
 * reviews open again (all of them: the content they approved is gone). Null when it applies at once.
 */
async function reviewedBannerUpdate(core: Core, ctx: RequestContext, id: string, body: Row): Promise<{ resource: ResourceDef; body: Row } | null> {
  const resource = core.resource('banner');
  // Staff's own field keeps the engine's refusal; staff's edits apply at once.
  if ('reviews' in body || reviewsItself(ctx)) return null;
  const stored = (await core.model('banner').findByPk(id, { raw: true })) as Row | null;
  if (!stored) return null;
  const { values, errors } = checkInput(resource, body, 'update');
  if (errors.length) throw invalidFields(errors);
  if (!changedBannerFields(stored, values).length) return null;
  const channels = reviewedChannels({ ...stored, ...values });
  const running = (await reviewingLineItems(core, id)).filter((lineitem) => channels.includes(lineitem.channel));
  if (!running.length) return null;
  const reviews = { ...((stored.reviews as Row | null) ?? {}) };
  for (const channel of channels) delete reviews[channel];
  return { resource: withReviewFields(resource, ['reviews']), body: { ...body, reviews } };
}

/** Takes the creative off the live line items of the channels it is not cleared for, held until it is. */
export async function holdUnclearedCreative(core: Core, bannerId: string): Promise<void> {
  await core.sequelize.transaction(async (transaction) => {
    const banner = (await core.model('banner').findOne({ where: { id: bannerId }, raw: true, transaction, lock: transaction.LOCK.UPDATE })) as Row | null;
    if (!banner) return;
    for (const lineitem of await reviewingLineItems(core, bannerId, transaction)) {
      if (clearedFor(banner, lineitem.channel)) continue;
      await core.model('lineitem').update({
        creatives: lineitem.creatives.filter((id) => id !== bannerId),
        heldCreatives: [...new Set([...lineitem.held, bannerId])],
      }, { where: { id: lineitem.id }, transaction });
    }
  });
}

export function bannerRoutes(core: Core): Router {
  const router = Router();
  router.put('/banner/:id', async (req, res) => {
    const ctx = contextOf(req);
    const resource = core.resource('banner');
    const id = String((await editedRecord(core, ctx, 'banner', req.params.id, req.body)).id);
    const reviewed = await reviewedBannerUpdate(core, ctx, id, req.body as Row);
    if (!reviewed) {
      res.json(await updateRecord(core, ctx, resource, id, req.body));
      return;
    }
    const saved = await updateRecord(core, ctx, reviewed.resource, id, reviewed.body);
    await holdUnclearedCreative(core, id);
    res.json(saved);
  });
  return router;
}
