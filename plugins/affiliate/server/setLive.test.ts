/**
 * Setting an affiliate program live (SPEC section 4, issue 37): the automatic catalog of its feed with the feed's
 * format, the import queued as the job catalog.import (waiting until the catalogs plugin runs it), the shop's
 * tracking code; once, however often and however concurrently it is asked; a manual program's catalog without an
 * import; refused to whoever may not change the wizard.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { usePublisherServer as useTestServer } from '../../publisher-area/server/testkit.ts';

const kit = useTestServer({ env: { publicUrl: 'https://track.adsuite.test' } });
const AM = 'affiliatemanager@demo.test';
let body: Record<string, unknown> = {};

const imports = (catalog: string) => kit.sql<{ status: string }>(`SELECT status FROM jobs WHERE name = 'catalog.import' AND payload->>'catalog' = $1`, [catalog]);
const made = async (name: string) => Number((await kit.sql<{ n: string }>(`SELECT count(*) AS n FROM ${name}`))[0].n);

beforeAll(async () => {
  const advertiser = await kit.id('advertisers', 'Demo Shop GmbH');
  const [vertical] = await kit.sql<{ id: string }>('SELECT id FROM verticals LIMIT 1');
  const [category] = await kit.sql<{ id: string; code: string }>(`SELECT id, code FROM categories WHERE code = 'IAB22'`);
  body = {
    name: 'Kwanko garden', advertiser, vertical: [vertical.id], countries: ['FR'], url: 'https://garden.example.com', revenueSource: 'kwanko', programid: '77',
    affiliatelink: 'https://action.metaffiliation.com/trk.php?mclic=G1', targeturl: 'https://garden.example.com/', datasource: 'https://feeds.example.com/garden.csv.gz',
    compression: 'gz', delimiter: ';', categories: [`${category.id}|||${category.code}`],
  };
});

describe('setting a program live', () => {
  it('makes its automatic catalog with the feed, queues the import and makes the tracking code, once', async () => {
    const wizard = (await kit.call(AM, '/api/wizard', { method: 'POST', body })).body;
    const live = await kit.call(AM, `/api/wizard/setlive/${wizard.id}`, { method: 'POST' });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect(live.body.wizard).toMatchObject({ id: wizard.id, live: true, catalog: live.body.catalog, trackingcode: live.body.trackingcode });
    expect(live.body.importJob).toEqual(expect.any(String));

    const catalog = await kit.call(AM, `/api/catalog/${live.body.catalog}`);
    expect(catalog.body).toMatchObject({ name: 'Kwanko garden', advertiser: body.advertiser, source: 'automatic', url: 'https://feeds.example.com/garden.csv.gz' });
    // The feed's format, where the catalog declares it.
    for (const [key, value] of Object.entries({ datatype: 'csv', compression: 'gz', delimiter: ';' })) if (key in catalog.body) expect(catalog.body[key]).toBe(value);
    expect(await imports(live.body.catalog)).toEqual([{ status: 'queued' }]);

    const code = await kit.call('sysop@demo.test', `/api/trackingcode/${live.body.trackingcode}`);
    expect(code.body).toMatchObject({ name: 'Kwanko garden', advertiser: body.advertiser, type: 'universal', active: true });
    expect(code.body.code).toContain(`<script src="https://track.adsuite.test/c/${body.advertiser}.js" async></script>`);

    const counts = [await made('catalogs'), await made('trackingcodes')];
    const again = await kit.call(AM, `/api/wizard/setlive/${wizard.id}`, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ catalog: live.body.catalog, trackingcode: live.body.trackingcode, importJob: null });
    expect([await made('catalogs'), await made('trackingcodes')]).toEqual(counts);
    expect(await imports(live.body.catalog)).toHaveLength(1);
  });

  it('makes one catalog and one tracking code when asked several times at once', async () => {
    const wizard = (await kit.call(AM, '/api/wizard', { method: 'POST', body: { ...body, name: 'Kwanko garden twice' } })).body;
    const answers = await Promise.all([1, 2, 3].map(() => kit.call(AM, `/api/wizard/setlive/${wizard.id}`, { method: 'POST' })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.catalog)).size).toBe(1);
    expect(answers.filter((answer) => answer.body.importJob).length).toBe(1);
    expect(await kit.sql(`SELECT id FROM catalogs WHERE name = 'Kwanko garden twice'`)).toHaveLength(1);
    expect(await kit.sql(`SELECT id FROM trackingcodes WHERE name = 'Kwanko garden twice'`)).toHaveLength(1);
  });

  it('gives a manual program a manual catalog and queues no import', async () => {
    const wizard = (await kit.call(AM, '/api/wizard', { method: 'POST', body: { ...body, name: 'Garden by hand', datasource: 'manual' } })).body;
    const live = await kit.call(AM, `/api/wizard/setlive/${wizard.id}`, { method: 'POST' });
    expect(live.body.importJob).toBeNull();
    expect((await kit.call(AM, `/api/catalog/${live.body.catalog}`)).body).toMatchObject({ source: 'manual', url: null });
    expect(await imports(live.body.catalog)).toEqual([]);
  });

  it('is refused to roles that may not change the wizard, and for an unknown one, making nothing', async () => {
    const wizard = (await kit.call(AM, '/api/wizard', { method: 'POST', body: { ...body, name: 'Garden refused' } })).body;
    const counts = [await made('catalogs'), await made('trackingcodes')];
    expect((await kit.call('advertiser@demo.test', `/api/wizard/setlive/${wizard.id}`, { method: 'POST' })).status).toBe(403);
    expect((await kit.call('admin@demo.test', `/api/wizard/setlive/${wizard.id}`, { method: 'POST' })).status).toBe(403);
    const unknown = await kit.call(AM, '/api/wizard/setlive/123e4567-e89b-12d3-a456-426614174000', { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect((await kit.call(AM, '/api/wizard/setlive/not-an-id', { method: 'POST' })).status).toBe(404);
    expect([await made('catalogs'), await made('trackingcodes')]).toEqual(counts);
    expect((await kit.call(AM, `/api/wizard/${wizard.id}`)).body.live).toBe(false);
  });
});
