/** What the publishing tests share: a server of the file's own, sign-in tokens, bookings made through the models. */
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';
import type { Row } from '@adsuite/backend/kit';

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export const IMAGE = { name: 'Summer 300x250', bannerType: 'image_ad', width: 300, height: 250, downloadLink: 'https://shop.demo.test/media/300x250.png' };
export const SEARCH_AD = {
  name: 'Summer search ad', bannerType: 'search_ad', width: null, height: null, channels: ['googleads'],
  headlines: ['Summer sale', 'Up to 50% off', 'Free shipping'], descriptions: ['Shop the sale', 'Only this week', 'Order now'],
  keywords: 'summer\nsale\nshoes\ndresses\nshirts',
};

export function usePublishingServer() {
  let running: TestServer | undefined;
  const server = () => running!;
  const shop = { id: '' };
  const other = { id: '' };
  const tokens = new Map<string, string>();
  let made = 0;

  beforeAll(async () => {
    running = await startTestServer();
    shop.id = ((await running.core.model('advertiser').findOne({ where: { name: 'Demo Shop GmbH' }, raw: true })) as Row).id as string;
    other.id = ((await running.core.model('advertiser').findOne({ where: { name: 'Other Shop AG' }, raw: true })) as Row).id as string;
  });
  afterAll(async () => {
    await running?.stop();
  });

  const kit = {
    server,
    shop,
    other,
    model: (name: string) => server().core.model(name),
    async call(email: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
      if (!tokens.has(email)) tokens.set(email, await server().token(email));
      const res = await server().api(path, { ...init, token: tokens.get(email) });
      return { status: res.status, body: await res.json() };
    },
    /** A pending booking (money in cents, as stored) with banners of its own; the create endpoint is another part's. */
    async booking(values: Row = {}, banners: Row[] = [IMAGE]): Promise<Row & { id: string }> {
      const advertiser = (values.advertiser as string | undefined) ?? shop.id;
      const rows: Row[] = [];
      for (const banner of banners) rows.push((await kit.model('banner').create({ advertiser, ...banner })).get({ plain: true }) as Row);
      made += 1;
      return (await kit.model('booking').create({
        name: `Test booking ${made}`, advertiser, status: 'pending', goal: 'clicks', dailyBudget: 5_000, start: day(0), end: day(30),
        channels: ['platform161'], allocation: [], target: 'https://shop.demo.test/landing',
        markers: [{ properties: { name: 'Berlin', currentPlace: { formatted_address: 'Berlin, Germany' } } }],
        creatives: rows.map((row) => ({ id: row.id, name: row.name, bannerType: row.bannerType, channels: row.channels })),
        ...values,
      })).get({ plain: true }) as Row & { id: string };
    },
    publish: (bookingId: string, email = 'advertiser@demo.test') => kit.call(email, `/api/booking/${bookingId}/status`, { method: 'POST', body: { status: 'published' } }),
    async get(name: string, id: unknown): Promise<Row> {
      return (await kit.model(name).findByPk(id as string, { raw: true })) as Row;
    },
    async all(name: string, where: Row): Promise<Row[]> {
      return (await kit.model(name).findAll({ where, raw: true, order: [['created', 'ASC']] })) as Row[];
    },
    /** Waits until the job queue has nothing due (the server's runner works alongside). */
    drain: () => server().core.jobs.drain(),
  };
  return kit;
}
