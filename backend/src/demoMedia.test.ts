/**
 * The demo creatives' images are the product's own (admin/public/demo-media/, served with the admin's build): no
 * demo banner points to a host this environment cannot reach, so previews and ad slots show them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from './env.ts';
import { startTestServer, type TestServer } from './testing.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ frontEnds: true });
}, 300_000);
afterAll(() => server?.stop());

describe('demo media', () => {
  it('serves every seeded image creative from the product itself', async () => {
    const banners = (await server.core.model('banner').findAll({ where: { bannerType: 'image_ad' }, raw: true })) as { name: string; downloadLink: string }[];
    expect(banners.length).toBeGreaterThan(0);
    for (const banner of banners) {
      // Named as uploaded creatives are: the product's public address, then the path it serves.
      expect(banner.downloadLink.startsWith(`${server.core.env.publicUrl}/demo-media/`), banner.downloadLink).toBe(true);
      const file = new URL(banner.downloadLink).pathname;
      expect(file).toMatch(/^\/demo-media\/[a-z0-9-]+-300x250\.svg$/);
      expect(existsSync(path.join(ROOT_DIR, 'admin', 'public', file)), banner.name).toBe(true);
      const res = await fetch(`${server.url}${file}`);
      expect(res.status, banner.name).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      const svg = await res.text();
      expect(svg).toBe(readFileSync(path.join(ROOT_DIR, 'admin', 'public', file), 'utf8'));
      // Its own picture: the campaign's name, no outside reference (no script, no remote image).
      expect(svg).toContain(banner.name.replace(/ 300x250$/, ''));
      expect(svg).not.toMatch(/<script|href="http|xlink:href/);
    }
  });
});
