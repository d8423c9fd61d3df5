/**
 * Creating and updating bookings from a wizard draft: the rules of config/booking first, then the generic
 * resource service (tenancy, abilities, activity log, one transaction), then the background check job.
 * Takes plain arguments and the request context; knows nothing of HTTP.
 */
import {
  bookingCosts, normalizeDraft, today, validateBooking, type BookingCosts, type BookingDraft, type BookingError,
  type BookingRuleContext, type BookingStep, type CreativeDraft,
} from '@adsuite/config/booking/index';
import type { ResourceDef } from '@adsuite/config';
import { isLiveBooking, LIVE_CREATIVES_JOB } from '@adsuite/config/approvals';
import { type Core, createRecord, type FieldError, Forbidden, getRecord, Invalid, isUuid, NotFound, type RequestContext, type Row, text, updateRecord } from '@adsuite/backend/kit';
import { asFieldErrors } from './ruleErrors.ts';
import { applyLiveChange, changesSetUp } from './publishing/liveBooking.ts';

export const PREPARE_JOB = 'booking.prepare';

/** A 400 listing the broken rules; the message is the first one, as the admin shows it. */
export function invalidDraft(errors: (BookingError | FieldError)[]): Invalid {
  const fieldErrors = asFieldErrors(errors);
  return new Invalid(fieldErrors[0]?.message ?? text('errors.invalid_input'), fieldErrors);
}

export function asDraft(body: unknown): BookingDraft {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Invalid(text('input.body_object'), [{ field: '', message: text('input.body_object') }]);
  }
  return body as BookingDraft;
}

/** The booking template's daily budget range, when the draft names a template the user may read. */
async function templateOf(core: Core, ctx: RequestContext, draft: BookingDraft): Promise<BookingRuleContext['template']> {
  const id = draft.bookingtemplate;
  if (id === undefined || id === null || id === '') return null;
  const notFound = invalidDraft([{ field: 'bookingtemplate', message: text('bookings.template_not_found') }]);
  if (!isUuid(id)) throw notFound;
  let template: Row;
  try {
    template = await getRecord(core, ctx, core.resource('bookingtemplate'), id);
  } catch (error) {
    if (error instanceof NotFound || error instanceof Forbidden) throw notFound;
    throw error;
  }
  const advertiser = draft.advertiser ?? ctx.selectedAdvertiser;
  if (advertiser && template.advertiser !== advertiser) throw notFound;
  return { minDailyBudget: template.minDailyBudget as number | null, maxDailyBudget: template.maxDailyBudget as number | null };
}

/** Creatives the booking's campaign already has (banners), which cover their channels on an update. */
async function storedCreatives(core: Core, booking: Row): Promise<CreativeDraft[]> {
  if (!isUuid(booking.campaign) || !isUuid(booking.advertiser)) return [];
  const banners = (await core.model('banner').findAll({
    attributes: ['id', 'name', 'bannerType', 'channels'],
    where: { campaign: booking.campaign, advertiser: booking.advertiser, archivedAt: null },
    raw: true,
  })) as Row[];
  return banners.map((b) => ({ id: b.id as string, name: b.name as string, bannerType: b.bannerType as string, channels: (b.channels as string[]) ?? [] }));
}

/** A client sub-account is stored as an advertiser login with a parent. */
const isClient = (ctx: RequestContext) => ctx.role === 'advertiser' && !!ctx.user.parent;

export interface DraftCheck {
  draft: BookingDraft;
  errors: BookingError[];
  costs: BookingCosts;
}

/** The draft as it would be stored (defaults, converted texts) and the rules it breaks up to `step`. */
export async function checkDraft(core: Core, ctx: RequestContext, body: unknown, options: { step?: BookingStep; before?: Row } = {}): Promise<DraftCheck> {
  const day = today();
  const given = asDraft(body);
  const merged = options.before ? { ...options.before, ...given } : given;
  const draft = normalizeDraft(merged);
  const template = await templateOf(core, ctx, draft);
  const context: BookingRuleContext = { step: options.step, today: day, template, before: options.before, channelsLocked: isClient(ctx) };
  if (options.before) context.storedCreatives = await storedCreatives(core, options.before);
  return { draft, errors: validateBooking(draft, context), costs: bookingCosts(draft) };
}

/** The booking declaration with another initial status (status is server-managed, so create fills its default). */
function withInitialStatus(resource: ResourceDef, status: string): ResourceDef {
  return { ...resource, fields: { ...resource.fields, status: { ...resource.fields.status, default: status } } };
}

/** Creates a booking from a draft: status `generating creatives` with the creative service, else `waiting for approval`. */
export async function createBooking(core: Core, ctx: RequestContext, body: unknown): Promise<Row> {
  const resource = core.resource('booking');
  if (!ctx.ability.can('create', 'booking')) throw new Forbidden();
  const { draft, errors } = await checkDraft(core, ctx, body);
  if (errors.length) throw invalidDraft(errors);
  const status = draft.creativeService ? 'generating creatives' : 'waiting for approval';
  return createRecord(core, ctx, withInitialStatus(resource, status), draft, {
    afterWrite: async (row, transaction) => void (await core.jobs.enqueue(PREPARE_JOB, { bookingId: row.id }, { transaction })),
  });
}

/** Before publishing, new creatives (or channels) need the background check again. */
const RECHECKED = ['rejected', 'pending', 'waiting for approval', 'generating creatives'];
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Updates a booking from a (whole or partial) draft; refused for finished, interrupted and canceled ones. */
export async function updateBooking(core: Core, ctx: RequestContext, id: string, body: unknown): Promise<Row> {
  const resource = core.resource('booking');
  const before = await getRecord(core, ctx, resource, id);
  if (!ctx.ability.can('update', 'booking')) throw new Forbidden();
  const { draft, errors } = await checkDraft(core, ctx, body, { before });
  if (errors.length) throw invalidDraft(errors);
  // A live booking's new budget, dates, goal or channels reach its line items and channels with the change (publishing/liveBooking.ts).
  const updated = await updateRecord(core, ctx, resource, id, draft, {
    afterWrite: async (after, transaction, stored) => {
      if (stored && changesSetUp(stored, after)) await applyLiveChange(core, transaction, stored, after);
    },
  });
  const changed = ['creatives', 'creativeService', 'channels'].some((key) => !same(updated[key], before[key]));
  // A live booking's new creatives wait for review while it delivers the others (publishing/liveChanges.ts).
  if (isLiveBooking(before.status) && !same(updated.creatives, before.creatives)) await core.jobs.enqueue(LIVE_CREATIVES_JOB, { bookingId: id });
  if (!changed || !RECHECKED.includes(before.status as string)) return updated;
  const [count] = await core.model('booking').update({ status: 'waiting for approval' }, { where: { id, status: before.status as string } });
  if (count !== 1) return updated;
  await core.jobs.enqueue(PREPARE_JOB, { bookingId: id });
  return { ...updated, status: 'waiting for approval' };
}

export async function costsOfBooking(core: Core, ctx: RequestContext, id: string): Promise<BookingCosts> {
  return bookingCosts(await getRecord(core, ctx, core.resource('booking'), id) as BookingDraft);
}
