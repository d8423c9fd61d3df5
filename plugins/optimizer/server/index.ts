/**
 * The optimization dashboards' server (SPEC sections 2, 3, 5, 6, 7, 8): for the systemoperator, the wizard and
 * the affiliatemanager (the routes /affiliate and /affiliateold).
 *
 *   GET  /api/optimizer/dashboard       first variant (getDashboard): revenue by network, Commission & Costs, rows, access logs
 *   GET  /api/optimizer/dashboard2      second variant (getDashboard2): rows of the chosen campaigns and revenue source
 *   GET  /api/optimizer/campaigns       the filter bar's campaigns (getCampaigns: _id, name, sticky)
 *   POST /api/optimizer/mct             the MCT calculator (calculateMct: mct, sales)
 *   PUT  /api/optimizer/:id/mct         saves a calculated MCT to the optimizer (updateMct)
 *   POST /api/optimizer/crr/rerun       computes yesterday's CRR days again (staff's link)
 *
 * Jobs: `optimizer.crr` (hourly: yesterday's CRR days and onsite rollup, crr.ts) and `optimizer.health` (hourly:
 * every optimizer's health and hints over the last 7 complete days, stored on the optimizer and its campaign).
 */
import { Router } from 'express';
import { Op } from 'sequelize';
import { AFFILIATE_NETWORKS, mayOpen } from '@adsuite/config';
import { contextOf, Forbidden, getRecord, invalidFields, say, text, updateRecord, type Core, type RequestContext, type Row, type ServerPlugin } from '@adsuite/backend/kit';
import { computeCrrDay, CRR_EVERY_MS, CRR_JOB, yesterday } from './crr.ts';
import { dashboardRows, firstDashboard } from './dashboard.ts';
import { addDays, optimizerFigures, todayIso } from './figures.ts';
import { healthOf, hintsOf } from './health.ts';
import { choice, flag, idList, periodOf } from './input.ts';
import { calculateMct, mctRequest } from './mct.ts';
import { optimizerApi } from './openapi.ts';
import { prepareOnsite } from './onsite.ts';

export const HEALTH_JOB = 'optimizer.health';
const HOUR_MS = 3_600_000;

/** The dashboards are the routes /affiliate and /affiliateold's (affiliatemanager and wizard, and the systemoperator above them). */
function dashboardStaff(ctx: RequestContext) {
  if (!mayOpen('/affiliate', { role: ctx.role, parent: (ctx.user.parent as string | null) ?? null })) throw new Forbidden();
}

/** Every optimizer's health and hints over the last 7 complete days, onto the optimizer (German texts) and its campaign. */
export async function storeHealth(core: Core): Promise<number> {
  const end = addDays(todayIso(), -1);
  const rows = await optimizerFigures(core, addDays(end, -6), end);
  for (const row of rows) {
    const hints = hintsOf(row.targets, row.judged);
    const health = healthOf(hints);
    const instructions = hints.map((hint) => ({ level: hint.level, message: say('de', hint.message) }));
    await core.model('optimizer').update({ health, instructions }, { where: { id: row.optimizer.id } });
    await core.model('campaign').update({ health }, { where: { id: row.campaign.id } });
  }
  return rows.length;
}

export function optimizerRoutes(core: Core): Router {
  const router = Router();

  router.get('/optimizer/dashboard', async (req, res) => {
    const ctx = contextOf(req);
    dashboardStaff(ctx);
    const { start, end } = periodOf(req.query as Record<string, unknown>, { start: todayIso(), end: todayIso() }, { names: ['startDate', 'endDate'] });
    res.json(await firstDashboard(core, ctx, start, end));
  });

  router.get('/optimizer/dashboard2', async (req, res) => {
    const ctx = contextOf(req);
    dashboardStaff(ctx);
    const query = req.query as Record<string, unknown>;
    const { start, end } = periodOf(query, { start: yesterday(), end: yesterday() }, { names: ['startDate', 'endDate'] });
    const filter = { campaigns: idList(query, 'campaign'), revenueSource: choice(query, 'revenueSource', AFFILIATE_NETWORKS), ignoreSticky: flag(query, 'ignoresticky') };
    res.json({ start, end, rows: await dashboardRows(core, ctx, start, end, filter) });
  });

  router.get('/optimizer/campaigns', async (req, res) => {
    dashboardStaff(contextOf(req));
    const optimizers = (await core.model('optimizer').findAll({ where: { archivedAt: null }, raw: true })) as Row[];
    const campaigns = (await core.model('campaign').findAll({ where: { id: { [Op.in]: optimizers.map((o) => o.campaign as string) } }, raw: true })) as Row[];
    const sticky = new Map(optimizers.map((o) => [String(o.campaign), Boolean(o.sticky)]));
    res.json(campaigns.map((c) => ({ _id: c.id, name: c.name, sticky: sticky.get(String(c.id)) ?? false })).sort((a, b) => String(a.name).localeCompare(String(b.name))));
  });

  router.post('/optimizer/mct', async (req, res) => {
    const ctx = contextOf(req);
    dashboardStaff(ctx);
    const request = mctRequest(req.body);
    const optimizer = (await core.model('optimizer').findOne({ where: { campaign: request.campaignId, archivedAt: null }, raw: true })) as Row | null;
    if (!optimizer) throw invalidFields([{ field: 'campaignId', message: text('staff.mct.no_optimizer') }]);
    res.json(calculateMct(request, optimizer.ms === null || optimizer.ms === undefined ? null : Number(optimizer.ms)));
  });

  router.put('/optimizer/:id/mct', async (req, res) => {
    const ctx = contextOf(req);
    dashboardStaff(ctx);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const mct = typeof body.mct === 'number' ? body.mct : typeof body.mct === 'string' && body.mct.trim() ? Number(body.mct) : NaN;
    if (!Number.isFinite(mct) || mct <= 0 || mct > 1e9) throw invalidFields([{ field: 'mct', message: text('staff.mct.positive', { name: { de: 'MCT', en: 'MCT' } }) }]);
    // Through the engine: the optimizer's update access (systemoperator, affiliatemanager) decides, and the activity log keeps a version.
    const resource = core.resource('optimizer');
    await getRecord(core, ctx, resource, req.params.id);
    res.json(await updateRecord(core, ctx, resource, req.params.id, { mct }));
  });

  router.post('/optimizer/crr/rerun', async (req, res) => {
    const ctx = contextOf(req);
    dashboardStaff(ctx);
    const day = yesterday();
    const count = await computeCrrDay(core, day);
    res.json({ day, count, message: say(ctx.language, text('staff.crr.done', { day: { day }, count })) });
  });

  return router;
}

const plugin: ServerPlugin = {
  name: 'optimizer',
  openapi: optimizerApi,
  api: optimizerRoutes,
  async prepare(core) {
    await prepareOnsite(core);
  },
  jobs(core) {
    return {
      [CRR_JOB]: async (payload) => void (await computeCrrDay(core, typeof payload.day === 'string' ? payload.day : yesterday())),
      [HEALTH_JOB]: async () => void (await storeHealth(core)),
    };
  },
  schedules: { [CRR_JOB]: CRR_EVERY_MS, [HEALTH_JOB]: HOUR_MS },
};

export default plugin;
