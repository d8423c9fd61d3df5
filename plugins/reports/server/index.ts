/**
 * Statistics (SPEC sections 2, 3, 5 and 7): the Instant Report of a campaign, its Expert Analytics and the
 * dashboard's analytics, read from rollups: the daily ones of rollups.ts, which triggers keep equal to the hourly
 * rollup the tracking pipeline writes in the transaction of the raw events (`stat_hourly`), `stat_hourly` itself
 * for the hours of the day, `stat_visitors` for unique users. Raw events are read only for what has no rollup: a
 * campaign's conversions (few rows, through a partial index) and the onsite events per class of Expert Analytics.
 *
 *   GET /api/campaign/:id/report   Instant Report: its first answer (summary.ts); the websites (onlyWebsites) and
 *                                  with full=true the whole report of SPEC section 3 (report.ts); with
 *                                  compare=previous the previous period's totals and days (previous.ts)
 *   GET /api/campaign/:id/report/conversions  the Instant Report's conversions list (report.ts)
 *   GET /api/campaign/:id/stats    Expert Analytics, systemoperator only (expert.ts)
 *   GET /api/dashboard/analytics   the selected advertiser's dashboard figures (dashboard.ts)
 *   GET /api/dashboard/details     a booking's or booking template's detail card on the dashboard (details.ts)
 *   GET /api/campaign/:id/download the download-statistics modal's CSV or XLSX (download.ts)
 *
 * The job `reports.subscriptions` mails the users' subscribed campaign reports (subscriptions.ts).
 *   POST /api/campaign/:id/domainlist  the Instant Report's "remove website": onto the campaign's blacklist (websites.ts)
 *   GET /api/publisher/campaign/:id/report  the publisher's view of a campaign, its own rows only (publisher.ts)
 *
 * Every JSON answer of figures (all GETs but the download) carries `dataAsOf`, when an event batch last added to the
 * rollups (dataAsOf.ts).
 */
import { Router } from 'express';
import { contextOf, type Core, type ServerPlugin } from '@adsuite/backend/kit';
import { dashboardAdvertiser, expertCampaign, instantReportCampaign } from './access.ts';
import { dashboardAnalytics } from './dashboard.ts';
import { dashboardDetails } from './details.ts';
import { expertStats } from './expert.ts';
import { channelList, choice, comparesPrevious, dayRange, detailsTarget, flag, idList } from './input.ts';
import { withDataAsOf } from './dataAsOf.ts';
import { spoken } from './figures.ts';
import { previousPeriod } from './previous.ts';
import { reportsApi } from './openapi.ts';
import { campaignReport, conversions, MAX_CONVERSIONS, WEBSITE_SORTS } from './report.ts';
import { reportSummary } from './summary.ts';
import { prepareRollups } from './rollups.ts';
import { prepareCents } from './cents.ts';
import { mailSubscriptions, SUBSCRIPTIONS_EVERY_MS } from './subscriptions.ts';
import { downloadRequest, fileName, statTables, tablesCsv, tablesXlsx } from './download.ts';
import { publisherReport } from './publisher.ts';
import { removeWebsite } from './websites.ts';

/**
 * The index the conversions list reads: a campaign's conversions newest first, per day partition (created on the
 * partitioned parent, so every partition has it, the future ones too). Small: conversions are few of the events.
 */
async function prepareIndexes(core: Core): Promise<void> {
  if (!core.models.has('event')) return;
  await core.sequelize.query(`CREATE INDEX IF NOT EXISTS events_conversions_idx ON events (advertiser_id, campaign_id, created DESC) WHERE kind = 'conversion'`);
}

/** Before the server answers: the conversions' index, the booked cents' tables (cents.ts) and the daily rollups with their triggers (rollups.ts). */
export async function prepareReports(core: Core): Promise<void> {
  await prepareIndexes(core);
  // The cents' tables first: the rollups' triggers write their state.
  await prepareCents(core);
  await prepareRollups(core);
}

export function reportRoutes(core: Core): Router {
  const router = Router();

  router.get('/campaign/:id/report', async (req, res) => {
    const ctx = contextOf(req);
    const campaign = await instantReportCampaign(core, ctx, req.params.id);
    const query = req.query as Record<string, unknown>;
    const range = dayRange(query);
    const onlyWebsites = flag(query, 'onlyWebsites', false);
    const publisher = idList(query, 'publisher', 1)[0] ?? null;
    const options = {
      range, onlyWebsites, publisher, channels: channelList(query), sortBy: choice(query, 'sortBy', WEBSITE_SORTS, 'clicks'), sortDesc: flag(query, 'sortDesc', true),
    };
    const full = flag(query, 'full', false);
    const compare = comparesPrevious(query);
    const report = await withDataAsOf(core, async () => {
      if (onlyWebsites) return campaignReport(core, campaign, options);
      const [answer, previous] = await Promise.all([
        full ? campaignReport(core, campaign, options) : reportSummary(core, campaign, range, publisher),
        compare ? previousPeriod(core, { advertiser: campaign.advertiser, campaigns: [campaign.id], range, table: 'stat_daily_creatives', publisher: full ? null : publisher }, spoken) : null,
      ]);
      return { ...answer, previous };
    });
    // Sent as it is: res.json would hash the body (about 1 MB for the full report of 90 days of a large campaign)
    // for an ETag that figures changing by the second never match.
    res.type('json').end(JSON.stringify(report));
  });

  router.get('/campaign/:id/report/conversions', async (req, res) => {
    const ctx = contextOf(req);
    const campaign = await instantReportCampaign(core, ctx, req.params.id);
    const query = req.query as Record<string, unknown>;
    const publisher = idList(query, 'publisher', 1)[0] ?? null;
    const range = dayRange(query);
    res.json(await withDataAsOf(core, async () => ({ conversions: await conversions(core, campaign, range, MAX_CONVERSIONS, publisher) })));
  });

  router.get('/campaign/:id/download', async (req, res) => {
    const ctx = contextOf(req);
    const campaign = await instantReportCampaign(core, ctx, req.params.id);
    const query = req.query as Record<string, unknown>;
    const range = dayRange(query);
    const { types, format } = downloadRequest(query);
    // Read now: the modal saves the choices (PATCH /api/auth/login) right before it asks for the file.
    const me = (await core.model('login').findOne({ where: { id: ctx.user.id }, attributes: ['statPreferences'], raw: true })) as { statPreferences?: unknown } | null;
    const tables = await statTables(core, campaign, range, types, me?.statPreferences, ctx.language);
    res.attachment(fileName(campaign, range, format));
    if (format === 'xlsx') res.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').end(await tablesXlsx(tables));
    // The byte order mark lets spreadsheet programs read the CSV as UTF-8 (umlauts in names and headings).
    else res.type('text/csv; charset=utf-8').end(`\ufeff${tablesCsv(tables)}`);
  });

  router.post('/campaign/:id/domainlist', async (req, res) => {
    const ctx = contextOf(req);
    const campaign = await instantReportCampaign(core, ctx, req.params.id);
    res.json(await removeWebsite(core, ctx, campaign, req.body));
  });

  router.get('/publisher/campaign/:id/report', async (req, res) => {
    const ctx = contextOf(req);
    const range = dayRange(req.query as Record<string, unknown>);
    res.json(await withDataAsOf(core, () => publisherReport(core, ctx, req.params.id, range)));
  });

  router.get('/campaign/:id/stats', async (req, res) => {
    const ctx = contextOf(req);
    const campaign = await expertCampaign(core, ctx, req.params.id);
    const range = dayRange(req.query as Record<string, unknown>);
    res.json(await withDataAsOf(core, () => expertStats(core, campaign, range)));
  });

  router.get('/dashboard/analytics', async (req, res) => {
    const ctx = contextOf(req);
    const advertiser = await dashboardAdvertiser(core, ctx);
    const query = req.query as Record<string, unknown>;
    const options = {
      range: dayRange(query), bookings: idList(query, 'bookings'), bookingtemplates: idList(query, 'bookingtemplates'), compare: comparesPrevious(query),
    };
    res.json(await withDataAsOf(core, () => dashboardAnalytics(core, advertiser, options)));
  });

  router.get('/dashboard/details', async (req, res) => {
    const ctx = contextOf(req);
    const advertiser = await dashboardAdvertiser(core, ctx);
    const query = req.query as Record<string, unknown>;
    const [target, range] = [detailsTarget(query), dayRange(query)];
    res.json(await withDataAsOf(core, () => dashboardDetails(core, advertiser, target, range)));
  });

  return router;
}

const plugin: ServerPlugin = {
  name: 'reports',
  openapi: reportsApi,
  prepare: prepareReports,
  api: reportRoutes,
  jobs: (core) => ({ 'reports.subscriptions': async () => void (await mailSubscriptions(core)) }),
  schedules: { 'reports.subscriptions': SUBSCRIPTIONS_EVERY_MS },
};

export default plugin;
