/**
 * The publisher area (SPEC sections 2, 3, 4 and 7; issue 35): the publisher's home, its campaigns and invitations
 * with the ad tags that earn, its websites, and staff's invitations of publishers to a campaign with the jobs that
 * send them and keep their date-following statuses (routes.ts lists the routes, jobs.ts the jobs). Figures come
 * from the reports' daily rollups; money from the finances' ledgers.
 */
import { Router } from 'express';
import { QueryTypes } from 'sequelize';
import { isUuid, type Core, type ServerPlugin } from '@adsuite/backend/kit';
import { prepareRollups } from '../../reports/server/kit.ts';
import { DATES_EVERY_MS, DATES_JOB, followCampaignDates, SEND_EVERY_MS, SEND_JOB, sendInvitations } from './jobs.ts';
import { MAIL_JOB, sendNotice } from './mail.ts';
import { publisherAreaApi } from './openapi.ts';
import { publisherRoutes, staffRoutes } from './routes.ts';

/**
 * The publisher's reads go by publisher and day across advertisers, which the rollups' keys (advertiser first) do
 * not serve: an index each. Rows are added per batch and their measures updated in place (no indexed column
 * changes, so updates stay heap-only).
 */
async function prepare(core: Core): Promise<void> {
  // The daily rollups are the reports plugin's; made here first when this plugin prepares before it (idempotent).
  await prepareRollups(core);
  for (const table of ['stat_daily_publishers', 'stat_daily_websites']) {
    const [exists] = await core.sequelize.query<{ name: string | null }>('SELECT to_regclass($1) AS name', { bind: [table], type: QueryTypes.SELECT });
    if (!exists?.name) continue;
    await core.sequelize.query(`CREATE INDEX IF NOT EXISTS ${table}_publisher_idx ON ${table} (publisher_id, day)`);
  }
}

const plugin: ServerPlugin = {
  name: 'publisher-area',
  openapi: publisherAreaApi,
  prepare,
  api(core) {
    const router = Router();
    router.use(publisherRoutes(core));
    router.use(staffRoutes(core));
    return router;
  },
  jobs: (core) => ({
    [SEND_JOB]: async (payload) => void (await sendInvitations(core, { campaign: isUuid(payload.campaign) ? payload.campaign : null })),
    [DATES_JOB]: async () => void (await followCampaignDates(core)),
    [MAIL_JOB]: async (payload) => sendNotice(core, payload.outboxId),
  }),
  schedules: { [SEND_JOB]: SEND_EVERY_MS, [DATES_JOB]: DATES_EVERY_MS },
};

export default plugin;
