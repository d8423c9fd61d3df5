/**
 * Report subscriptions (SPEC sections 2 and 3 "Subscription"): a user's `subscriptions` name campaigns with the
 * daily, weekly and monthly report e-mails on or off. A recurring job mails each subscribed report once per
 * period, after the period ended: daily the day before, weekly the last full week (Monday to Sunday), monthly the
 * last full month, all in UTC. The mail holds the period's figures and a CSV of them per day and channel, read from
 * the daily rollup (rollups.ts), in the user's language.
 *
 * - Only what the user reaches is mailed: staff reach every campaign, others the campaigns of their advertisers
 *   (owned, or granted to a sub-account) at the time of sending; an archived campaign, a lost grant or a user who
 *   may no longer sign in gets no mail, so an advertiser's mail only ever holds that advertiser's figures.
 * - Once per period: the outbox id is derived from user, campaign, frequency and period (queueMail's key), so a job
 *   that runs again (or two server processes at once) neither writes nor sends a mail twice; a mail written but
 *   not sent (a crash in between) is sent by the next run.
 * - A new subscription gets the last ended period's report with the next run.
 */
import { stringify } from 'csv-stringify/sync';
import { Op, QueryTypes, Sequelize } from 'sequelize';
import { channelByKey, isStaff, SUBSCRIPTION_FREQUENCIES, type Role, type Subscription, type SubscriptionFrequency } from '@adsuite/config';
import { deliverMail, mailIdOf, queueMail, type Core, type Row, tenantsOf, translate, type Language } from '@adsuite/backend/kit';
import { bookedRows, currentCents } from './cents.ts';
import { centsToEuros, ctr } from './figures.ts';
import { DAY_MS, parseDay } from './input.ts';

/** How often the job looks for reports to mail. */
export const SUBSCRIPTIONS_EVERY_MS = 15 * 60_000;

const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last period of `frequency` that ended before `now` (UTC days, end included). */
export function lastPeriod(frequency: SubscriptionFrequency, now = Date.now()): { start: string; end: string } {
  const today = parseDay(iso(now))!;
  if (frequency === 'daily') return { start: iso(today - DAY_MS), end: iso(today - DAY_MS) };
  if (frequency === 'weekly') {
    const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
    return { start: iso(monday - 7 * DAY_MS), end: iso(monday - DAY_MS) };
  }
  const date = new Date(today);
  const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1);
  return { start: iso(first), end: iso(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) - DAY_MS) };
}

interface DayRow { day: string; channel: string; impressions: string; clicks: string; conversions: string; cents: string }

/** The campaign's figures of the period per day and channel, from the daily rollup, the cost as booked (cents.ts). */
async function periodRows(core: Core, campaign: { id: string; advertiser: string }, period: { start: string; end: string }) {
  await currentCents(core, campaign.advertiser, [campaign.id], period);
  return core.sequelize.query<DayRow>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, channel, SUM(impressions) AS impressions, SUM(clicks) AS clicks,
       SUM(pc_conversions + pv_conversions) AS conversions, SUM(cents) AS cents
     FROM ${bookedRows({ table: 'stat_daily_creatives', advertiser: '$1', campaigns: 'campaign_id = $2', start: '$3::date', end: '$4::date' })} r
     GROUP BY day, channel ORDER BY day, channel`,
    { bind: [campaign.advertiser, campaign.id, period.start, period.end], type: QueryTypes.SELECT },
  );
}

/** The CSV attached to a report: one row per day and channel, headed in the reader's language. */
export function reportCsv(rows: DayRow[], language: Language): string {
  const head = ['day', 'channel', 'impressions', 'clicks', 'ctr', 'conversions', 'cost'].map((column) => translate(language, `mail.campaign_report.csv_${column}`));
  return stringify([head, ...rows.map((row) => [
    row.day, channelByKey[row.channel]?.name ?? row.channel, Number(row.impressions), Number(row.clicks),
    ctr(Number(row.clicks), Number(row.impressions)).toFixed(2), Number(row.conversions), centsToEuros(Number(row.cents)).toFixed(2),
  ])]);
}

interface Subscriber { id: string; email: string; name: string | null; language: string | null; role: Role; subscriptions: Subscription[]; reach: Set<string> | null }

/** Users who may sign in and subscribe to anything, with the advertisers they reach (null: staff, all). */
async function subscribers(core: Core): Promise<Subscriber[]> {
  const users = (await core.model('login').findAll({
    attributes: ['id', 'email', 'name', 'language', 'role', 'parent', 'advertisers', 'subscriptions'],
    // Only users with a subscription: the job runs every 15 minutes over every login otherwise.
    where: { archivedAt: null, loginAllowed: true, [Op.and]: [Sequelize.literal(`jsonb_typeof(subscriptions) = 'array' AND jsonb_array_length(subscriptions) > 0`)] },
    raw: true,
  })) as Row[];
  const found: Subscriber[] = [];
  for (const user of users) {
    const subscriptions = user.subscriptions as Subscription[];
    const role = user.role as Role;
    const reach = isStaff(role) ? null : new Set((await tenantsOf(core, user)).advertiserIds);
    found.push({ id: String(user.id), email: String(user.email), name: (user.name as string | null) ?? null, language: (user.language as string | null) ?? null, role, subscriptions, reach });
  }
  return found;
}

/** Mails every subscribed report whose period has ended and that was not mailed yet; answers how many went out. */
export async function mailSubscriptions(core: Core, now = Date.now()): Promise<number> {
  const users = await subscribers(core);
  const campaignIds = [...new Set(users.flatMap((user) => user.subscriptions.map((entry) => entry.campaign)))];
  if (!campaignIds.length) return 0;
  const campaigns = new Map((await core.sequelize.query<{ id: string; name: string; advertiser: string }>(
    `SELECT id, name, advertiser_id AS advertiser FROM ${core.resource('campaign').table} WHERE id = ANY($1::uuid[]) AND archived_at IS NULL`,
    { bind: [campaignIds], type: QueryTypes.SELECT },
  )).map((row) => [row.id, row]));

  const due: { user: Subscriber; campaign: { id: string; name: string; advertiser: string }; frequency: SubscriptionFrequency; key: string }[] = [];
  for (const user of users) {
    for (const entry of user.subscriptions) {
      const campaign = campaigns.get(entry.campaign);
      if (!campaign || (user.reach && !user.reach.has(campaign.advertiser))) continue;
      for (const frequency of SUBSCRIPTION_FREQUENCIES) {
        if (entry[frequency] !== true) continue;
        due.push({ user, campaign, frequency, key: `campaignReport:${user.id}:${campaign.id}:${frequency}:${lastPeriod(frequency, now).start}` });
      }
    }
  }
  const known = new Map(((await core.model('outbox').findAll({
    attributes: ['id', 'sentAt', 'error'], where: { id: due.map((item) => mailIdOf(item.key)) }, raw: true,
  })) as Row[]).map((row) => [String(row.id), row]));

  let sent = 0;
  for (const item of due) {
    const id = mailIdOf(item.key);
    const before = known.get(id);
    if (before && (before.sentAt || before.error)) continue;
    if (!before) {
      const period = lastPeriod(item.frequency, now);
      const rows = await periodRows(core, item.campaign, period);
      const sum = (pick: (row: DayRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
      const impressions = sum((row) => Number(row.impressions));
      const clicks = sum((row) => Number(row.clicks));
      const language: Language = item.user.language === 'en' ? 'en' : 'de';
      await queueMail(core, {
        to: item.user.email, template: 'campaignReport', language,
        data: {
          name: item.user.name ?? undefined, campaign: item.campaign.name, campaignId: item.campaign.id, frequency: item.frequency, ...period,
          impressions, clicks, ctr: ctr(clicks, impressions), conversions: sum((row) => Number(row.conversions)),
          costCents: sum((row) => Number(row.cents)),
        },
        attachments: [{ filename: `report-${item.frequency}-${period.start}.csv`, contentType: 'text/csv; charset=utf-8', content: reportCsv(rows, language) }],
      }, { key: item.key });
    }
    const result = await deliverMail(core, id);
    if (result && !result.error) sent += 1;
  }
  return sent;
}
