/**
 * A line item change of a live booking waits for creative approval (SPEC sections 2 and 3 "change payloads",
 * issue 14): a new bid, budget, pacing or landing domain, or added creatives, is stored as the line item's change
 * payload (`changes`, per field its old and new value, as stored) with its channel's review open again, and the
 * line item delivers and bills at its old values until staff approve on /approvals (plugins/approvals applies
 * the change then). What it is not billed or delivered by (its name, a pause) applies at once, and so does every
 * change of a line item that approves itself (`autoapprove`) or made by staff who review.
 */
import { Op } from 'sequelize';
import { mayOpen } from '@adsuite/config';
import { type HeldChanges, holdLineItemChange, isLiveBooking } from '@adsuite/config/approvals';
import { changeRows } from '@adsuite/config/resources/jsonShapes';
import type { ResourceDef } from '@adsuite/config';
import { accessWhere, checkInput, type Core, invalidFields, isUuid, type RequestContext, type Row, text } from '@adsuite/backend/kit';

/** The declaration that lets a change held for review write the review fields `names` (staff's fields otherwise). */
export function withReviewFields(resource: ResourceDef, names: string[]): ResourceDef {
  const open = (name: string) => ({ ...resource.fields[name], writeRoles: undefined });
  return { ...resource, fields: { ...resource.fields, ...Object.fromEntries(names.map((name) => [name, open(name)])) } };
}

/** Whether the user reviews (creative approval is theirs): their changes apply at once. */
export const reviewsItself = (ctx: RequestContext) => mayOpen('/approvals', { role: ctx.role, parent: (ctx.user.parent as string | null) ?? null });

/** Whether the line item's changes wait for review: it belongs to a live booking, does not approve itself, and the user does not review. */
async function waitsForReview(core: Core, ctx: RequestContext, stored: Row): Promise<boolean> {
  if (stored.autoapprove === true) return false;
  if (reviewsItself(ctx)) return false;
  const owner = stored.booking ? core.model('booking').findByPk(stored.booking as string, { raw: true }) : core.model('campaign').findByPk(stored.campaign as string, { raw: true });
  return isLiveBooking(((await owner) as Row | null)?.status);
}

/** The stored values the change is compared with: money as numbers (the database answers some as strings). */
function comparable(resource: ResourceDef, row: Row): Row {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, resource.fields[key]?.type === 'money' && value !== null && value !== undefined ? Number(value) : value]));
}

/** Added creatives must be banners the user reads of the line item's advertiser (the engine checks the rest of the body). */
async function checkAddedCreatives(core: Core, ctx: RequestContext, resource: ResourceDef, stored: Row, creatives: unknown) {
  if (!Array.isArray(creatives)) return;
  const added = [...new Set(creatives.filter((id) => !((stored.creatives as string[] | null) ?? []).includes(id)))];
  if (!added.length) return;
  const readable = accessWhere(ctx.ability, 'read', 'banner');
  const found = readable === null || !added.every(isUuid) ? 0 : await core.model('banner').count({
    where: { [Op.and]: [readable, { id: { [Op.in]: added }, advertiser: stored.advertiser, archivedAt: null }] },
  });
  if (found !== added.length) throw invalidFields([{ field: 'creatives', message: text('validation.not_found', { label: resource.fields.creatives.label }) }]);
}

/**
 * The update as it is to be written when part of it waits for review: the body without the reviewed fields that
 * wait, with the new change payload (and the channel's review open again when the payload changed). Null when the
 * whole body applies at once.
 */
export async function heldLineItemUpdate(core: Core, ctx: RequestContext, id: string, body: Row): Promise<{ resource: ResourceDef; body: Row } | null> {
  const resource = core.resource('lineitem');
  // Staff's own fields keep the engine's refusal.
  if ('changes' in body || 'reviews' in body) return null;
  const stored = (await core.model('lineitem').findByPk(id, { raw: true })) as Row | null;
  if (!stored || !(await waitsForReview(core, ctx, stored))) return null;
  const { values, errors } = checkInput(resource, body, 'update');
  if (errors.length) throw invalidFields(errors);
  await checkAddedCreatives(core, ctx, resource, stored, values.creatives);
  const waiting: HeldChanges = Object.fromEntries((changeRows(stored.changes) ?? []).map((row) => [row.field, { old: row.old, new: row.new }]));
  const { apply, changes } = holdLineItemChange(comparable(resource, stored), values, waiting);
  const written: Row = Object.fromEntries(Object.keys(body).filter((key) => key in apply || !(key in values)).map((key) => [key, body[key]]));
  if (JSON.stringify(changes) !== JSON.stringify(waiting)) {
    written.changes = changes;
    const reviews = { ...((stored.reviews as Row | null) ?? {}) };
    delete reviews[String(stored.channel)];
    written.reviews = reviews;
  }
  return { resource: withReviewFields(resource, ['changes', 'reviews']), body: written };
}
