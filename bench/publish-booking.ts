/**
 * Time to published: a five-channel booking (two house channels, three sandbox networks) is created and
 * published over HTTP, and the answer comes once its sync tree has run on the job queue. Runs on DATABASE_URL
 * when set (PostgreSQL, as in production), else embedded PGlite. Prints p50 and the slowest of several runs.
 * Usage: npx tsx bench/publish-booking.ts [runs]
 */
import { startTestServer } from '@adsuite/backend/testkit';
import type { Row } from '@adsuite/backend/kit';

const runs = Number(process.argv[2] ?? 7);
const CHANNELS = ['platform161', 'ssp1', 'facebook', 'dv360', 'googleads'];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const server = await startTestServer();
try {
  const core = server.core;
  const shop = (await core.model('advertiser').findOne({ where: { name: 'Demo Shop GmbH' }, raw: true })) as Row;
  await core.model('advertiser').update({ balance: 10_000_000 }, { where: { id: shop.id } });
  const token = await server.token('advertiser@demo.test');
  const times: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const banner = async (values: Row) => (await core.model('banner').create({ advertiser: shop.id, ...values })).get({ plain: true }) as Row;
    const image = await banner({ name: `Bench ${run} 300x250`, bannerType: 'image_ad', width: 300, height: 250, channels: ['platform161', 'ssp1', 'facebook', 'dv360'] });
    const search = await banner({
      name: `Bench ${run} search`, bannerType: 'search_ad', channels: ['googleads'], headlines: ['One', 'Two', 'Three'], descriptions: ['One', 'Two', 'Three'], keywords: 'a\nb\nc\nd\ne',
    });
    const booking = (await core.model('booking').create({
      name: `Bench booking ${run}`, advertiser: shop.id, status: 'pending', dailyBudget: 10_000, start: day(0), end: day(30), channels: CHANNELS,
      target: 'https://shop.demo.test/', creatives: [image, search].map((b) => ({ id: b.id, name: b.name, bannerType: b.bannerType })),
    })).get({ plain: true }) as Row;
    const started = performance.now();
    const res = await server.api(`/api/booking/${booking.id}/status`, { method: 'POST', token, body: { status: 'published' } });
    const answer = (await res.json()) as { booking?: { status: string }; failedChannels?: string[]; message?: string };
    const ms = performance.now() - started;
    if (res.status !== 200 || answer.failedChannels?.length) throw new Error(`run ${run}: ${res.status} ${JSON.stringify(answer)}`);
    times.push(ms);
    console.log(`run ${run}: ${answer.booking!.status} after ${ms.toFixed(0)} ms`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const database = core.db.embedded ? 'PGlite' : 'PostgreSQL';
  console.log(`publish a 5-channel booking (${database}, ${runs} runs): p50 ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (target < 10000 ms)`);
} finally {
  await server.stop();
}
