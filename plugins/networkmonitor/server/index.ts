/**
 * Network monitoring (route /network-monitoring: administrator and above, wizard): what a staff member opens first
 * when a customer says "my ads are not running".
 *
 *   GET /api/networkmonitoring?hours=6   per channel (AdSuite's own ad server or an external network's sandbox):
 *                                        delivery of the last hours against the same hours yesterday; the active line
 *                                        items of running campaigns that delivered nothing in those hours; each
 *                                        external network's last delivered hour and the last successful pull
 *                                        (job tracking.sandbox); the failed sync jobs
 *
 * Reads the hourly rollup (stat_hourly, through its advertiser key), the line items, the job queue and the sync
 * queue; never raw events.
 */
import { Router } from 'express';
import { QueryTypes } from 'sequelize';
import { channelByKey, mayOpen } from '@adsuite/config';
import { syncJobTitleIn, syncMessageIn } from '@adsuite/config/i18n/syncJobs';
import { contextOf, Forbidden, Invalid, text, type Core, type ServerPlugin } from '@adsuite/backend/kit';
import { networkMonitoringApi } from './openapi.ts';

/** Channels AdSuite's own ad server delivers (the booking plugin's house connector); the others are external networks. */
export const HOUSE_CHANNELS: readonly string[] = ['platform161', 'ssp1', 'affiliate', 'affiliate_cpc'];
export const DEFAULT_HOURS = 6;
export const MAX_HOURS = 48;
const HOUR_MS = 3_600_000;
const FAILED_JOBS_SHOWN = 50;
const SILENT_SHOWN = 100;

const num = (value: unknown) => Number(value ?? 0);

export async function networkMonitoring(core: Core, hours: number, language: 'de' | 'en', now = Date.now()) {
  const hourStart = Math.floor(now / HOUR_MS) * HOUR_MS;
  // The last `hours` hours, the current one included; yesterday the same hours.
  const from = new Date(hourStart - (hours - 1) * HOUR_MS);
  const to = new Date(hourStart + HOUR_MS);
  const dayBefore = (date: Date) => new Date(date.getTime() - 24 * HOUR_MS);
  const sql = <T extends object>(query: string, bind: unknown[]) => core.sequelize.query<T>(query, { bind, type: QueryTypes.SELECT });
  const advertisers = core.resource('advertiser').table;
  const lineitems = core.resource('lineitem').table;
  const campaigns = core.resource('campaign').table;

  const delivery = await sql<{ channel: string; now_impressions: string; now_clicks: string; now_cost: string; then_impressions: string; then_clicks: string; then_cost: string }>(
    `SELECT h.channel,
       SUM(h.impressions) FILTER (WHERE h.hour >= $1) AS now_impressions, SUM(h.clicks) FILTER (WHERE h.hour >= $1) AS now_clicks, SUM(h.cost_milli) FILTER (WHERE h.hour >= $1) AS now_cost,
       SUM(h.impressions) FILTER (WHERE h.hour < $4) AS then_impressions, SUM(h.clicks) FILTER (WHERE h.hour < $4) AS then_clicks, SUM(h.cost_milli) FILTER (WHERE h.hour < $4) AS then_cost
     FROM ${advertisers} a CROSS JOIN LATERAL (
       SELECT channel, hour, impressions, clicks, cost_milli FROM stat_hourly s
       WHERE s.advertiser_id = a.id AND ((s.hour >= $1 AND s.hour < $2) OR (s.hour >= $3 AND s.hour < $4))
     ) h
     WHERE h.channel <> '' GROUP BY h.channel`,
    [from, to, dayBefore(from), dayBefore(to)],
  );
  const live = await sql<{ channel: string; n: string }>(
    `SELECT l.channel, count(*) AS n FROM ${lineitems} l JOIN ${campaigns} c ON c.id = l.campaign_id
     WHERE l.active AND NOT COALESCE(l.autopaused, false) AND NOT COALESCE(l.userpaused, false) AND l.archived_at IS NULL AND c.status = 'active' AND c.archived_at IS NULL
     GROUP BY l.channel`, [],
  );
  const silent = await sql<{ id: string; name: string; channel: string; campaign_id: string; campaign: string; last: Date | null }>(
    `SELECT l.id, l.name, l.channel, c.id AS campaign_id, c.name AS campaign, last.hour AS last
     FROM ${lineitems} l JOIN ${campaigns} c ON c.id = l.campaign_id
     CROSS JOIN LATERAL (SELECT max(s.hour) AS hour FROM stat_hourly s WHERE s.advertiser_id = l.advertiser_id AND s.campaign_id = l.campaign_id AND s.lineitem_id = l.id) last
     WHERE l.active AND NOT COALESCE(l.autopaused, false) AND NOT COALESCE(l.userpaused, false) AND l.archived_at IS NULL AND c.status = 'active' AND c.archived_at IS NULL
       AND (last.hour IS NULL OR last.hour < $1)
     ORDER BY last.hour NULLS FIRST, c.name, l.name LIMIT ${SILENT_SHOWN}`,
    [from],
  );
  const networks = await sql<{ channel: string; last: Date | null }>(
    `SELECT l.channel, max(last.hour) AS last FROM ${lineitems} l
     CROSS JOIN LATERAL (SELECT max(s.hour) AS hour FROM stat_hourly s WHERE s.advertiser_id = l.advertiser_id AND s.campaign_id = l.campaign_id AND s.lineitem_id = l.id) last
     WHERE l.archived_at IS NULL AND l.channel IS NOT NULL AND NOT (l.channel = ANY($1::text[]))
     GROUP BY l.channel`,
    [HOUSE_CHANNELS],
  );
  const [pull] = await sql<{ finished: Date | null }>(`SELECT max(finished_at) AS finished FROM jobs WHERE name = 'tracking.sandbox' AND status = 'done'`, []);
  const failed = core.models.has('sync-queue')
    ? await sql<{ id: string; name: string; type: string; action: string | null; run_count: number; last_run: Date | null; messages: { message?: unknown; text?: unknown }[] | null; channel: string | null }>(
      `SELECT id, name, type, action, run_count, last_run, messages, channel FROM sync_queue WHERE status = 'failed' AND archived_at IS NULL
       ORDER BY last_run DESC NULLS LAST, id LIMIT ${FAILED_JOBS_SHOWN}`, [])
    : [];

  const liveBy = new Map(live.map((row) => [row.channel, num(row.n)]));
  const silentBy = new Map<string, number>();
  for (const row of silent) silentBy.set(row.channel, (silentBy.get(row.channel) ?? 0) + 1);
  const channels = [...new Set([...delivery.map((d) => d.channel), ...live.map((l) => l.channel)])].filter(Boolean).sort();
  const euros = (milli: number) => Math.round(milli / 1000) / 100;
  return {
    hours, from: from.toISOString(), to: to.toISOString(),
    channels: channels.map((channel) => {
      const row = delivery.find((d) => d.channel === channel);
      const nowImpressions = num(row?.now_impressions);
      const thenImpressions = num(row?.then_impressions);
      return {
        channel, name: channelByKey[channel]?.name ?? channel, network: HOUSE_CHANNELS.includes(channel) ? 'house' : 'sandbox',
        now: { impressions: nowImpressions, clicks: num(row?.now_clicks), cost: euros(num(row?.now_cost)) },
        yesterday: { impressions: thenImpressions, clicks: num(row?.then_clicks), cost: euros(num(row?.then_cost)) },
        change: thenImpressions > 0 ? Math.round(((nowImpressions - thenImpressions) * 1000) / thenImpressions) / 10 : null,
        /** Less than half of yesterday's views in the same hours. */
        down: thenImpressions > 0 && nowImpressions * 2 < thenImpressions,
        liveLineItems: liveBy.get(channel) ?? 0,
        silentLineItems: silentBy.get(channel) ?? 0,
      };
    }),
    silentLineItems: silent.map((row) => ({ id: row.id, name: row.name, channel: row.channel, campaign: { id: row.campaign_id, name: row.campaign }, lastDelivery: row.last ? new Date(row.last).toISOString() : null })),
    networks: networks.map((row) => ({ channel: row.channel, name: channelByKey[row.channel]?.name ?? row.channel, lastDelivery: row.last ? new Date(row.last).toISOString() : null }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    lastPull: pull?.finished ? new Date(pull.finished).toISOString() : null,
    failedJobs: failed.map((job) => {
      const messages = job.messages ?? [];
      return {
        id: job.id, name: syncJobTitleIn(job, language), type: job.type, channel: job.channel, runCount: job.run_count,
        lastRun: job.last_run ? new Date(job.last_run).toISOString() : null, message: messages.length ? syncMessageIn(messages[messages.length - 1], language) : null,
      };
    }),
  };
}

const plugin: ServerPlugin = {
  name: 'networkmonitor',
  openapi: networkMonitoringApi,
  api(core) {
    const router = Router();
    router.get('/networkmonitoring', async (req, res) => {
      const ctx = contextOf(req);
      if (!mayOpen('/network-monitoring', { role: ctx.role, parent: (ctx.user.parent as string | null) ?? null })) throw new Forbidden();
      const raw = req.query.hours;
      const hours = raw === undefined || raw === '' ? DEFAULT_HOURS : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isInteger(hours) || hours < 1 || hours > MAX_HOURS) {
        const message = text('staff.range.bad_number', { name: 'hours', min: 1, max: MAX_HOURS });
        throw new Invalid(message, [{ field: 'hours', message }]);
      }
      res.json(await networkMonitoring(core, hours, ctx.language));
    });
    return router;
  },
};

export default plugin;
