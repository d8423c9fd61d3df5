/**
 * Test helpers: a feed server on 127.0.0.1 that the tests start (the only place feeds come from in tests; the
 * import allows loopback only with CATALOG_FEED_ALLOW_LOOPBACK), and feeds packed every way a catalog names.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import tar from 'tar-stream';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';
import type { Compression } from './unpack.ts';

export interface FeedProduct {
  id: string;
  name: string;
  price?: string;
  url?: string;
  brand?: string;
}

/** A CSV feed with a header row. */
export function csvFeed(products: FeedProduct[], delimiter = ','): string {
  const cell = (value: string | undefined) => (value === undefined ? '' : /["\n,;\t|]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [['id', 'title', 'link', 'price', 'brand'].join(delimiter), ...products.map((p) => [p.id, p.name, p.url, p.price, p.brand].map(cell).join(delimiter))].join('\n');
}

/** A Google-Shopping-like RSS feed: `channel/item` elements with `g:` fields. */
export function xmlFeed(products: FeedProduct[]): string {
  const esc = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const items = products.map((p) => `<item><g:id>${esc(p.id)}</g:id><title>${esc(p.name)}</title>${p.url ? `<link>${esc(p.url)}</link>` : ''}${p.price ? `<g:price>${esc(p.price)}</g:price>` : ''}${p.brand ? `<g:brand><![CDATA[${p.brand}]]></g:brand>` : ''}</item>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss xmlns:g="http://base.google.com/ns/1.0" version="2.0"><channel><title>Feed</title>\n${items.join('\n')}\n</channel></rss>\n`;
}

async function tarOf(name: string, content: Buffer): Promise<Buffer> {
  const pack = tar.pack();
  pack.entry({ name: 'docs/', type: 'directory' });
  pack.entry({ name: `._${name}` }, Buffer.from('resource fork'));
  pack.entry({ name }, content);
  pack.entry({ name: 'README.txt' }, Buffer.from('not the feed'));
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The feed's bytes packed as `compression` says. */
export async function packed(content: string, compression: Compression, name = 'feed.txt'): Promise<Buffer> {
  const bytes = Buffer.from(content);
  switch (compression) {
    case 'none': return bytes;
    case 'gz': return gzipSync(bytes);
    case 'zip': return Buffer.from(zipSync({ '__MACOSX/': new Uint8Array(), [`__MACOSX/._${name}`]: new Uint8Array([1, 2]), [name]: new Uint8Array(bytes) }));
    case 'tar': return tarOf(name, bytes);
    case 'tar.gz': return gzipSync(await tarOf(name, bytes));
  }
}

export type FeedHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface FeedServer {
  url: string;
  /** Serves `body` (or runs `handler`) at `path` from now on. */
  serve(path: string, body: Buffer | string | FeedHandler): void;
  /** Requests seen per path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, Buffer | string | FeedHandler>();
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes.get(path);
    if (route === undefined) return void res.writeHead(404).end('not found');
    if (typeof route === 'function') return route(req, res);
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': Buffer.byteLength(route) }).end(route);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serve: (path, body) => void routes.set(path, body),
    hits,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The servers of an import test: the feed server and the API's (jobs polled often), loopback feeds allowed until `stop`. */
export async function startImportServers(): Promise<{ server: TestServer; feeds: FeedServer; stop: () => Promise<void> }> {
  process.env.CATALOG_FEED_ALLOW_LOOPBACK = 'true';
  const feeds = await startFeedServer();
  // A data folder of its own: other test servers seed the demo feed into the shared one's uploads meanwhile.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'adsuite-catalogs-'));
  const server = await startTestServer({ jobs: { pollMs: 50 }, env: { dataDir } });
  return {
    server, feeds,
    async stop() {
      delete process.env.CATALOG_FEED_ALLOW_LOOPBACK;
      await server.stop();
      await feeds.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The id of the demo advertiser named `name`. */
export async function advertiserNamed(server: TestServer, name: string): Promise<string> {
  return ((await server.core.model('advertiser').findOne({ where: { name }, raw: true })) as unknown as { id: string }).id;
}
