/**
 * The job `booking.prepare { bookingId }` after a booking is created (SPEC section 4): with the creative
 * service the booking shows `generating creatives` while template_ad banners of the standard sizes are
 * created; uploaded creatives of the draft become banners too. Then `waiting for approval` until staff reviewed
 * the creatives per channel (reviews.ts, plugins/approvals), the background check of the creatives against the
 * channels, and `pending` with the readyToPublish mail to the advertiser's users, or `rejected` with the reasons in
 * the activity log and the bookingRejected mail. Running it again changes nothing
 * (issue 9: a job may run twice): banners are created under the booking's row lock with the status that says
 * they exist, and the decision, its activity log entry and its mails are written in one transaction that only
 * the run which moves the booking on commits; each mail then goes out from a `booking.mail` job of its own.
 */
import { Op, type Transaction } from 'sequelize';
import { type Core, deliverMail, HttpError, inWords, isUuid, type Mail, type MailData, type Message, queueMail, type Row, type ServerText, text } from '@adsuite/backend/kit';
import { checkCreativesForChannels } from './check.ts';
import { creativeReviews } from './reviews.ts';
import { advertiserFile, fileUrl, type StoredFile } from './files.ts';
import { ensureDefaultTemplates, placeholderList, serviceTemplates } from './templates.ts';
import { callToActionText, serviceValues, templateChannels } from './service.ts';

const PREPARING = ['generating creatives', 'waiting for approval'];

/** The job that sends one mail of the outbox written with a decision (`{ outboxId }`). */
export const MAIL_JOB = 'booking.mail';

export async function sendQueuedMail(core: Core, outboxId: unknown): Promise<void> {
  if (isUuid(outboxId)) await deliverMail(core, outboxId);
}

/** A creative as booking.creatives keeps it once it is a banner. */
interface BookingCreative {
  id: string;
  bannerType: string;
  name: string;
  width: number | null;
  height: number | null;
  channels: string[];
}

const asCreative = (row: Row): BookingCreative => ({
  id: row.id as string,
  bannerType: row.bannerType as string,
  name: row.name as string,
  width: (row.width as number | null) ?? null,
  height: (row.height as number | null) ?? null,
  channels: (row.channels as string[]) ?? [],
});

const list = (value: unknown): Row[] => (Array.isArray(value) ? value.filter((v): v is Row => !!v && typeof v === 'object') : []);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

function creativeServiceOf(booking: Row): Row | null {
  const service = booking.creativeService;
  return service && typeof service === 'object' && !Array.isArray(service) ? (service as Row) : null;
}

/** The banner row of an uploaded creative of the draft. */
function uploadedBanner(core: Core, booking: Row, entry: Row, file: StoredFile | null): Row {
  const link = file ? `${core.env.publicUrl}${fileUrl(file)}` : null;
  const width = file?.width ?? (Number.isInteger(entry.width) ? entry.width : null);
  const height = file?.height ?? (Number.isInteger(entry.height) ? entry.height : null);
  const bannerType = String(entry.bannerType);
  return {
    name: String(entry.name || file?.name || bannerType).slice(0, 200),
    advertiser: booking.advertiser,
    campaign: booking.campaign ?? null,
    bannerType,
    width: bannerType === 'search_ad' ? null : width,
    height: bannerType === 'search_ad' ? null : height,
    downloadLink: link,
    thumbnail: file && bannerType === 'image_ad' ? { width, height, downloadLink: link } : {},
    video: file && bannerType === 'video_ad' ? { name: file.name, width, height, downloadLink: link, duration: file.duration } : {},
    headlines: strings(entry.headlines),
    descriptions: strings(entry.descriptions),
    keywords: Array.isArray(entry.keywords) ? strings(entry.keywords).join('\n') : typeof entry.keywords === 'string' ? entry.keywords : null,
    adCode: typeof entry.adCode === 'string' ? entry.adCode : null,
    channels: strings(entry.channels),
  };
}

/** The creative service's template_ad banners, one per standard size. */
async function serviceBanners(core: Core, booking: Row, service: Row, transaction: Transaction): Promise<Row[]> {
  const advertiser = booking.advertiser as string;
  const input = { ...service, clickUrl: booking.target ?? undefined, cta: callToActionText(booking.callToAction) };
  const values = await serviceValues(core, advertiser, input, 'creativeService.');
  const channels = templateChannels(booking.channels);
  const created: Row[] = [];
  for (const template of await serviceTemplates(core, advertiser, transaction)) {
    const { width, height } = template as { width: number; height: number };
    created.push((await core.model('banner').create({
      name: `${values.productName} ${width}x${height}`.slice(0, 200), advertiser, campaign: null, bannerType: 'template_ad', width, height,
      template: template.id, placeholder: placeholderList(values), channels,
    }, { transaction })).get({ plain: true }) as Row);
  }
  return created;
}

/**
 * The booking's creative entries with each draft of an upload made a banner (of the booking's campaign, once it has
 * one); entries that are banners already (an id, or an object with one) stay.
 */
export async function creativesAsBanners(core: Core, booking: Row, transaction: Transaction): Promise<(string | Row | BookingCreative)[]> {
  const creatives: (string | Row | BookingCreative)[] = [];
  for (const entry of Array.isArray(booking.creatives) ? booking.creatives : []) {
    if (isUuid(entry) || isUuid(entry?.id)) {
      creatives.push(entry);
      continue;
    }
    if (!entry || typeof entry !== 'object') continue;
    const file = await advertiserFile(core, booking.advertiser as string, entry.file);
    const row = (await core.model('banner').create(uploadedBanner(core, booking, entry, file), { transaction })).get({ plain: true }) as Row;
    creatives.push(asCreative(row));
  }
  return creatives;
}

/** Banners for the draft's creatives and the service; the booking then waits for approval. */
async function createCreatives(core: Core, bookingId: string): Promise<Row | null> {
  return core.sequelize.transaction(async (transaction) => {
    const model = core.model('booking');
    const booking = (await model.findOne({ where: { id: bookingId }, raw: true, transaction, lock: transaction.LOCK.UPDATE })) as Row | null;
    if (!booking || !PREPARING.includes(booking.status as string)) return null;
    const creatives = await creativesAsBanners(core, booking, transaction);
    const service = creativeServiceOf(booking);
    const generated = service && !creatives.some((c) => typeof c === 'object' && c.bannerType === 'template_ad') ? await serviceBanners(core, booking, service, transaction) : [];
    creatives.push(...generated.map(asCreative));
    await model.update({ creatives, status: 'waiting for approval' }, { where: { id: bookingId }, transaction });
    return (await model.findOne({ where: { id: bookingId }, raw: true, transaction })) as Row;
  });
}

const findBooking = async (core: Core, id: string) => (await core.model('booking').findOne({ where: { id }, raw: true })) as Row | null;

async function setStatus(core: Core, bookingId: string, status: string, from: string[]): Promise<boolean> {
  const [count] = await core.model('booking').update({ status }, { where: { id: bookingId, status: { [Op.in]: from } } });
  return count === 1;
}

/**
 * The outcome of the check, unless the booking changed since it was checked: an edit during the check
 * queues this job again, and that run decides on the new creatives. `effects` (the activity log entry, the
 * mails) are written in the same transaction, so they exist exactly when the decision does.
 */
/** The reasons as one text in both languages: stored in English, answered in the reader's (rejectionReasonText). */
function reasonText(reasons: Message[]): ServerText {
  const joined = (language: 'de' | 'en') => [...new Set(reasons.map((reason) => inWords(reason, language)))].join(' ');
  return text('errors.words', { text: { de: joined('de'), en: joined('en') } });
}

async function decide(core: Core, checked: Row, status: string, from: string[], rejection: ServerText | null, effects: (transaction: Transaction) => Promise<void>): Promise<boolean> {
  const rejectionReason = rejection ? inWords(rejection, 'en').slice(0, 4000) : null;
  return core.sequelize.transaction(async (transaction) => {
    const model = core.model('booking');
    const now = (await model.findOne({ where: { id: checked.id }, raw: true, transaction, lock: transaction.LOCK.UPDATE })) as Row | null;
    const unchanged = !!now && new Date(now.updated as Date).getTime() === new Date(checked.updated as Date).getTime();
    if (!now || !unchanged || !from.includes(now.status as string)) return false;
    await model.update({ status, rejectionReason, rejectionReasonText: rejection }, { where: { id: checked.id }, transaction });
    await effects(transaction);
    return true;
  });
}

async function logDecision(core: Core, booking: Row, message: ServerText, transaction: Transaction) {
  await core.model('campaignlog').create({
    message: inWords(message, 'en').slice(0, 2000), messageText: message, level: 'system', category: 'Campaign Management', advertiser: booking.advertiser, campaign: booking.campaign ?? null,
    entityId: booking.id, entityType: 'booking', entityAction: 'update', version: { status: booking.status, creatives: booking.creatives },
  }, { transaction });
}

/** The advertiser's users who may publish: its owner and the sub-accounts granted it, except viewers. */
async function publishers(core: Core, advertiserId: string, transaction: Transaction): Promise<Row[]> {
  const advertiser = (await core.model('advertiser').findOne({ where: { id: advertiserId }, raw: true, transaction })) as Row | null;
  if (!advertiser) return [];
  return (await core.model('login').findAll({
    where: {
      archivedAt: null,
      loginAllowed: { [Op.not]: false },
      role: { [Op.ne]: 'viewer' },
      [Op.or]: [...(advertiser.owner ? [{ id: advertiser.owner }] : []), { advertisers: { [Op.contains]: [advertiserId] } }],
    },
    raw: true,
    transaction,
  })) as Row[];
}

export async function prepareBooking(core: Core, bookingId: unknown): Promise<void> {
  if (!isUuid(bookingId)) return;
  const found = await findBooking(core, bookingId);
  if (!found || !PREPARING.includes(found.status as string)) return;
  const generating = !!creativeServiceOf(found) && !list(found.creatives).some((c) => c.bannerType === 'template_ad' && isUuid(c.id));
  if (generating) {
    await setStatus(core, bookingId, 'generating creatives', PREPARING);
    await ensureDefaultTemplates(core);
  }

  let booking: Row | null;
  let reasons: Message[];
  try {
    booking = await createCreatives(core, bookingId);
    if (!booking) return;
    reasons = (await checkCreativesForChannels(core, booking.advertiser as string, booking.creatives, booking.channels)).map((e) => e.message);
    // Creatives that pass the check wait for staff's review per channel (plugins/approvals queues this job again
    // once they decided); then what staff left of them is checked again.
    const review = reasons.length ? null : await creativeReviews(core, booking);
    if (review?.waiting) return;
    if (review?.rejections.length) {
      const errors = review.allRejected ? [] : await checkCreativesForChannels(core, booking.advertiser as string, review.creatives, booking.channels);
      reasons = review.allRejected || errors.length ? [...review.rejections, ...errors.map((e) => e.message)] : [];
    }
  } catch (error) {
    // Input the service cannot use (a missing slogan, another advertiser's logo) rejects; anything else is retried.
    if (!(error instanceof HttpError) || error.status !== 400) throw error;
    booking = await findBooking(core, bookingId);
    if (!booking) return;
    reasons = error.errors.length ? error.errors.map((e) => e.message) : [error.text];
  }

  const checked = booking;
  if (reasons.length) {
    const reason = reasonText(reasons);
    await decide(core, checked, 'rejected', PREPARING, reason, async (transaction) => {
      await logDecision(core, { ...checked, status: 'rejected' }, text('activity.booking_rejected', { name: String(checked.name), reason: reason.params!.text }), transaction);
      await mailUsers(core, checked, 'bookingRejected', transaction, (user) => ({
        name: user.name as string, booking: checked.name as string, bookingId: String(checked.id), reasons: reason.params!.text as { de: string; en: string },
      }));
    });
    return;
  }
  await decide(core, checked, 'pending', ['waiting for approval'], null, async (transaction) => {
    await logDecision(core, { ...checked, status: 'pending' }, text('activity.booking_ready', { name: String(checked.name) }), transaction);
    await mailUsers(core, checked, 'readyToPublish', transaction, (user) => ({ name: user.name as string, booking: checked.name as string }));
  });
}

/** One mail per user and decision (the booking version it decided on), whatever runs this job. */
async function mailUsers<T extends 'readyToPublish' | 'bookingRejected'>(core: Core, checked: Row, template: T, transaction: Transaction, data: (user: Row) => MailData[T]) {
  const version = new Date(checked.updated as Date).getTime();
  for (const user of await publishers(core, checked.advertiser as string, transaction)) {
    const outboxId = await queueMail(core, {
      to: user.email as string, template, language: user.language as string, data: data(user),
    } as Mail, { transaction, key: `${template}:${String(checked.id)}:${version}:${String(user.id)}` });
    if (outboxId) await core.jobs.enqueue(MAIL_JOB, { outboxId }, { transaction });
  }
}
