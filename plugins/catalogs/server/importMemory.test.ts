/**
 * A large feed imports in bounded memory: a gzip CSV feed of CATALOG_MEMORY_TEST_MB megabytes unpacked (default 50;
 * 200 for a 200 MB feed: about 300,000 products, 2.5 minutes on two cores), generated row by row by the feed server
 * as it is read (nothing holds it whole), is imported while the process's memory is sampled. The import streams download, gunzip and CSV parsing and keeps
 * one batch of rows at a time, so the memory it adds stays far below the feed's size. Memory is sampled after a
 * garbage collection (what the process holds, not what it has yet to collect).
 */
import { once } from 'node:events';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@adsuite/backend/testkit';
import { advertiserNamed, startImportServers, type FeedServer } from './feedServer.ts';

const FEED_MB = Number(process.env.CATALOG_MEMORY_TEST_MB ?? 50);
/** What the import may hold at most, whatever the feed's size. */
const HELD_MB = 32;
const MB = 1024 * 1024;
const DESCRIPTION = 'Atmungsaktiver Wanderschuh mit griffiger Sohle, wasserdichter Membran und gepolstertem Schaft. '.repeat(6);

let server: TestServer;
let feeds: FeedServer;
let stop: () => Promise<void>;
let rows = 0;

beforeAll(async () => {
  ({ server, feeds, stop } = await startImportServers());
  feeds.serve('/large.csv.gz', async (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/gzip' });
    const gzip = createGzip({ level: 1 });
    gzip.pipe(res);
    let bytes = 0;
    let written = 0;
    const write = (line: string) => {
      bytes += Buffer.byteLength(line);
      return gzip.write(line);
    };
    write('id,title,link,image_link,price,brand,product_type,description\n');
    while (bytes < FEED_MB * MB) {
      written++;
      const line = `L-${written},Wanderschuh ${written},https://shop.example/p/${written},https://shop.example/i/${written}.jpg,${(written % 200) + 19}.95,Bergwerk,Schuhe > Wandern,"${DESCRIPTION}"\n`;
      if (!write(line)) await once(gzip, 'drain');
    }
    rows = written;
    gzip.end();
  });
}, 120_000);

afterAll(() => stop?.());

describe('a large feed', () => {
  it(`imports ${FEED_MB} MB of CSV (gzip) in bounded memory`, async () => {
    const token = await server.token('advertiser@demo.test');
    const advertiser = await advertiserNamed(server, 'Demo Shop GmbH');
    const created = await server.api('/api/catalog', { method: 'POST', token, body: { name: 'Large feed', advertiser, source: 'automatic', url: `${feeds.url}/large.csv.gz`, compression: 'gz' } });
    const { id } = (await created.json()) as { id: string };
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const used = () => {
      gc();
      const memory = process.memoryUsage();
      return memory.heapUsed + memory.arrayBuffers;
    };
    const baseline = used();
    let peak = baseline;
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, used());
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 1000);
    const started = Date.now();
    expect((await server.api(`/api/catalog/${id}/import`, { method: 'POST', token, body: {} })).status).toBe(202);
    let state: { importRunning: boolean; count: number; parsingError: boolean; progress: number };
    do {
      await new Promise((resolve) => setTimeout(resolve, 500));
      state = (await (await server.api(`/api/catalog/${id}/import`, { token })).json()) as typeof state;
    } while (state.importRunning && Date.now() - started < 600_000);
    clearInterval(sampler);
    const seconds = Math.round((Date.now() - started) / 1000);
    const grown = Math.round((peak - baseline) / MB);
    console.log(`catalog import: ${FEED_MB} MB feed, ${rows} rows in ${seconds} s; held at most ${grown} MB more (heap + buffers after GC; peak RSS ${Math.round(peakRss / MB)} MB)`);
    expect(state).toMatchObject({ importRunning: false, parsingError: false, count: rows, progress: rows });
    // Far below the feed's size: the import holds a batch, not the feed.
    expect(grown).toBeLessThan(HELD_MB);
  }, 660_000);
});
