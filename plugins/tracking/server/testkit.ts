/** Test helpers of the tracking plugin: a server with the demo data, its live line items, raw SQL reads. */
import { afterAll, beforeAll } from 'vitest';
import { QueryTypes } from 'sequelize';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';
import { forgetAllLineItems } from './delivery.ts';

export interface DemoLineItem {
  id: string; advertiser: string; campaign: string; banner: string; channel: string; bidPrice: number; bidType: string;
}

export interface TrackingKit {
  server: TestServer;
  /** A demo line item by campaign name and channel. */
  lineitem(campaign: string, channel: string): Promise<DemoLineItem>;
  sql<T = Record<string, unknown>>(query: string, bind?: unknown[]): Promise<T[]>;
  /** GET/POST against the server without following redirects, with a browser's user agent unless told otherwise. */
  hit(path: string, init?: RequestInit & { headers?: Record<string, string> }): Promise<Response>;
}

export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export function useTrackingServer(options: Parameters<typeof startTestServer>[0] = {}): TrackingKit {
  const kit = {} as TrackingKit;
  beforeAll(async () => {
    const server = await startTestServer({ jobs: false, ...options });
    forgetAllLineItems();
    kit.server = server;
    kit.sql = async (query, bind = []) => server.core.sequelize.query(query, { bind, type: QueryTypes.SELECT }) as never;
    kit.hit = (path, init = {}) => fetch(`${server.url}${path}`, { redirect: 'manual', ...init, headers: { 'User-Agent': BROWSER_UA, ...init.headers } });
    kit.lineitem = async (campaign, channel) => {
      const [row] = await kit.sql<{ id: string; advertiser_id: string; campaign_id: string; creative_ids: string[]; channel: string; bid_price: string; bid_type: string }>(
        `SELECT l.*, l.creatives_ids AS creative_ids FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id WHERE c.name = $1 AND l.channel = $2`, [campaign, channel],
      );
      if (!row) throw new Error(`no line item ${campaign} / ${channel}`);
      return { id: row.id, advertiser: row.advertiser_id, campaign: row.campaign_id, banner: row.creative_ids[0], channel: row.channel, bidPrice: Number(row.bid_price), bidType: row.bid_type };
    };
  }, 120_000);
  afterAll(async () => {
    await kit.server?.stop();
  });
  return kit;
}

// What other plugins' tests use of this plugin (plugins/doors.test.ts).
export { writeEvents, type TrackedEvent } from './pipeline.ts';
export { deliveryLineItem, forgetAllLineItems, LINEITEM_TTL_MS } from './delivery.ts';
export { pullSandboxDelivery } from './networks.ts';
export { seedHistory } from './history.ts';
export { placementRequests, placementsOf } from './historyPlacements.ts';
