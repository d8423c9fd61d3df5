/**
 * Pushing an assignment (SPEC section 7 "assignment push(id) -> booking {_id, name}"): the booking the assignment's
 * template, dates, daily budget and creatives make, created by the booking wizard's rules like any other booking
 * and then checked in the background. The assignment keeps its booking: a second push answers the same booking, and
 * two pushes at once create one (the assignment is claimed in the booking's own transaction).
 */
import { QueryTypes } from 'sequelize';
import { today, type BookingDraft } from '@adsuite/config/booking/index';
import type { ResourceDef } from '@adsuite/config';
import {
  type Core, createRecord, Forbidden, getRecord, Invalid, NotFound, type RequestContext, type Row, text,
} from '@adsuite/backend/kit';
import { checkDraft, invalidDraft, PREPARE_JOB } from '../../booking/server/kit.ts';

export interface PushedBooking {
  booking: { id: string; _id: string; name: string; status: string };
  /** False when the assignment had its booking already. */
  created: boolean;
}

/** What the template gives a booking besides its channels. */
const FROM_TEMPLATE = ['goal', 'pacing', 'specialCategory', 'callToAction', 'target', 'gender', 'age', 'income', 'categories', 'countries'] as const;

/** Someone else pushed the assignment while this push created its booking: this booking is rolled back. */
class PushedMeanwhile extends Error {}

async function bookingOf(core: Core, id: string): Promise<PushedBooking['booking']> {
  const row = (await core.model('booking').findOne({ where: { id }, attributes: ['id', 'name', 'status'], raw: true })) as Row;
  return { id, _id: id, name: String(row?.name ?? ''), status: String(row?.status ?? '') };
}

/** The booking draft of an assignment: its name, advertiser, dates, budget and creatives, the rest from its template. */
async function draftOf(core: Core, ctx: RequestContext, assignment: Row): Promise<BookingDraft> {
  const templateId = assignment.bookingtemplate as string | null;
  if (!templateId) throw new Invalid(text('affiliate.assignment.no_template'), [{ field: 'bookingtemplate', message: text('affiliate.assignment.no_template') }]);
  let template: Row;
  try {
    template = await getRecord(core, ctx, core.resource('bookingtemplate'), templateId);
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
    throw new Invalid(text('affiliate.assignment.template_gone'), [{ field: 'bookingtemplate', message: text('affiliate.assignment.template_gone') }]);
  }
  const ids = (assignment.creatives as string[] | null) ?? [];
  const banners = ids.length
    ? await core.sequelize.query<Row>(
      'SELECT id, name, banner_type AS "bannerType", width, height, channels FROM banners WHERE id = ANY($1::uuid[]) AND advertiser_id = $2 AND archived_at IS NULL',
      { bind: [ids, assignment.advertiser], type: QueryTypes.SELECT },
    )
    : [];
  const draft: BookingDraft = {
    name: assignment.name as string,
    advertiser: assignment.advertiser as string,
    bookingtemplate: templateId,
    channels: (template.channels as string[]) ?? [],
    allocation: (template.allocation as BookingDraft['allocation']) ?? [],
    dailyBudget: (assignment.dailyBudget ?? template.defaultDailyBudget) as number | null,
    start: (assignment.start as string | null) ?? today(),
    end: (assignment.end as string | null) ?? null,
    creatives: banners.map((banner) => ({ ...banner, id: String(banner.id), channels: (banner.channels as string[]) ?? [] })),
  };
  for (const key of FROM_TEMPLATE) if (template[key] !== null && template[key] !== undefined) (draft as Row)[key] = template[key];
  return draft;
}

/** The booking declaration as created by the wizard without creative service: waiting for its background check. */
const waitingForApproval = (resource: ResourceDef): ResourceDef =>
  ({ ...resource, fields: { ...resource.fields, status: { ...resource.fields.status, default: 'waiting for approval' } } });

export async function pushAssignment(core: Core, ctx: RequestContext, id: string): Promise<PushedBooking> {
  const assignment = await getRecord(core, ctx, core.resource('assignment'), id);
  if (!ctx.ability.can('update', 'assignment') || !ctx.ability.can('create', 'booking')) throw new Forbidden();
  if (assignment.booking) return { booking: await bookingOf(core, String(assignment.booking)), created: false };
  try {
    const { draft, errors } = await checkDraft(core, ctx, await draftOf(core, ctx, assignment));
    if (errors.length) throw invalidDraft(errors);
    const booking = await createRecord(core, ctx, waitingForApproval(core.resource('booking')), draft, {
      afterWrite: async (row, transaction) => {
        const [, claimed] = await core.sequelize.query(
          `UPDATE assignments SET booking_id = $2, status = 'pushed', pushed_at = now(), updated = now() WHERE id = $1 AND booking_id IS NULL`,
          { bind: [id, row.id], transaction, type: QueryTypes.UPDATE },
        );
        if (claimed !== 1) throw new PushedMeanwhile();
        await core.jobs.enqueue(PREPARE_JOB, { bookingId: row.id }, { transaction });
      },
    });
    return { booking: { id: String(booking.id), _id: String(booking.id), name: String(booking.name), status: String(booking.status) }, created: true };
  } catch (error) {
    if (error instanceof PushedMeanwhile) {
      const [row] = await core.sequelize.query<{ booking: string }>('SELECT booking_id AS booking FROM assignments WHERE id = $1', { bind: [id], type: QueryTypes.SELECT });
      return { booking: await bookingOf(core, row.booking), created: false };
    }
    // A refused booking leaves the assignment failed (it may be changed and pushed again).
    if (error instanceof Invalid) await core.model('assignment').update({ status: 'failed' }, { where: { id, booking: null } });
    throw error;
  }
}
