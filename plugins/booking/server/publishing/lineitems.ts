/**
 * PUT /api/lineitem/:id (SPEC section 8 "line item cannot be saved (option to force save and activate later)"):
 * a line item that is to deliver must be one its channel takes (daily budget at the channel minimum, a location
 * where the channel needs one, a creative). Otherwise the save is refused with the channel's reason, and
 * `?force=true` saves the change with the line item switched off, marked to be activated later. A live booking's
 * line item keeps its reviewed fields until staff approve their change (lineitemReview.ts).
 *
 * The bid options (SPEC section 3): the ad server bills `bidPrice` (plus the channel's fee), read anew within
 * LINEITEM_TTL_MS of a change; `currentBid` shows the bid billed and follows a new `bidPrice`. A change of what the
 * line item is billed and delivered by that applies at once is sent to its channel through the sync queue.
 */
import { Router } from 'express';
import { LINEITEM_REVIEWED_FIELDS } from '@adsuite/config/approvals';
import { contextOf, type Core, Forbidden, getRecord, Invalid, inWords, isUuid, type Message, type RequestContext, type Row, text, updateRecord } from '@adsuite/backend/kit';
import { ChannelRejection } from './connectors/types.ts';
import { channelOf } from './connectors/index.ts';
import { checkLineItem } from './connectors/sandbox.ts';
import { heldLineItemUpdate } from './lineitemReview.ts';
import { tellLineItemChange } from './liveChanges.ts';

/** The channel's reason to refuse the line item as it would be after the change, or null. */
async function refusal(core: Core, after: Row): Promise<Message | null> {
  const channel = channelOf(after.channel);
  if (!channel || after.active !== true) return null;
  const ids = (Array.isArray(after.creatives) ? after.creatives : []).filter(isUuid);
  const creatives = ids.length ? ((await core.model('banner').findAll({ where: { id: ids, archivedAt: null }, raw: true })) as Row[]) : [];
  const booking = isUuid(after.booking) ? ((await core.model('booking').findByPk(after.booking, { raw: true })) as Row | null) : null;
  // The API speaks euros; the channel rules read stored cents.
  const lineitem = { ...after, dailyBudget: Math.round(Number(after.dailyBudget ?? 0) * 100) };
  try {
    checkLineItem(channel, { lineitem, booking, creatives });
    return null;
  } catch (error) {
    if (error instanceof ChannelRejection) return error.text;
    throw error;
  }
}

/** A message as the param of another text, in both languages. */
const bothWays = (message: Message) => (typeof message === 'string' ? message : { de: inWords(message, 'de'), en: inWords(message, 'en') });

/** The record a PUT changes, as the engine answers it: 404 out of reach, 403 for a role that may not update it, 400 for a body that is no object. */
export async function editedRecord(core: Core, ctx: RequestContext, name: string, id: string, body: unknown): Promise<Row> {
  const before = await getRecord(core, ctx, core.resource(name), id);
  if (!ctx.ability.can('update', name)) throw new Forbidden();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Invalid(text('input.body_object'), [{ field: '', message: text('input.body_object') }]);
  }
  return before;
}

export function lineItemRoutes(core: Core): Router {
  const router = Router();
  router.put('/lineitem/:id', async (req, res) => {
    const ctx = contextOf(req);
    const resource = core.resource('lineitem');
    const before = await editedRecord(core, ctx, 'lineitem', req.params.id, req.body);
    const body = { ...(req.body as Row) };
    const reason = await refusal(core, { ...before, ...body });
    if (reason && req.query.force !== 'true') {
      throw new Invalid(text('bookings.lineitem.refused', { reason: bothWays(reason) }), [{ field: 'active', message: reason }]);
    }
    if (reason) {
      body.active = false;
      body.specifics = { ...((before.specifics as Row | null) ?? {}), ...((body.specifics as Row | undefined) ?? {}), activateLater: true };
    }
    const held = await heldLineItemUpdate(core, ctx, String(before.id), body);
    const write = held ?? { resource, body };
    // A bid that applies now (not held for review) is the current one: the one billed.
    if (typeof write.body.bidPrice === 'number' && !('currentBid' in write.body)) write.body = { ...write.body, currentBid: write.body.bidPrice };
    res.json(await updateRecord(core, ctx, write.resource, req.params.id, write.body, {
      afterWrite: async (after, transaction, stored) => {
        const changed = (field: string) => JSON.stringify(stored?.[field] ?? null) !== JSON.stringify(after[field] ?? null);
        // What applies at once reaches the line item's channel through the sync queue, with the change.
        if (LINEITEM_REVIEWED_FIELDS.some(changed)) await tellLineItemChange(core, transaction, after);
      },
    }));
  });
  return router;
}
