/**
 * A link to a record of another advertiser the user may access than the selected one (SPEC sections 4 and 8: a 406
 * refreshes the selection): the stored selection moves to the record's advertiser and the answer is 406 naming it,
 * so the same link opens after the admin's reload. A record of an advertiser the user may not access stays a 404
 * and leaves the selection alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const ids = { one: '', two: '', demoShop: '', oneCampaign: '', oneBooking: '', twoCampaign: '', shopCampaign: '' };

const idOf = async (model: string, name: string) => String(((await server.core.model(model).findOne({ where: { name }, raw: true })) as { id: string }).id);
const get = (path: string, email: string, headers: Record<string, string> = {}) => server.api(path, { token: tokens[email], headers });
const selected = async (email: string) => ((await (await get('/api/auth/login', email)).json()) as { selectedAdvertiser: string | null }).selectedAdvertiser;
const select = async (email: string, advertiser: string) =>
  expect((await server.api('/api/auth/login', { method: 'PATCH', token: tokens[email], body: { selectedAdvertiser: advertiser } })).status).toBe(200);

beforeAll(async () => {
  server = await startTestServer({ jobs: false });
  for (const email of ['agency@demo.test', 'coworker@demo.test', 'advertiser@demo.test']) tokens[email] = await server.token(email);
  Object.assign(ids, {
    one: await idOf('advertiser', 'Agency Client One'), two: await idOf('advertiser', 'Agency Client Two'), demoShop: await idOf('advertiser', 'Demo Shop GmbH'),
    oneCampaign: await idOf('campaign', 'Client One Always-On'), oneBooking: await idOf('booking', 'Client One Always-On'),
    twoCampaign: await idOf('campaign', 'Client Two Test Flight'), shopCampaign: await idOf('campaign', 'Summer Sale 2026'),
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('a link to a record of another of the user\'s advertisers', () => {
  it('moves the agency\'s selection to the record\'s advertiser with a 406 naming it; the link then opens', async () => {
    await select('agency@demo.test', ids.two);
    const switched = await get(`/api/campaign/${ids.oneCampaign}`, 'agency@demo.test', { Advertiser: ids.two });
    expect(switched.status).toBe(406);
    expect(await switched.json()).toMatchObject({ message: 'Access changed: you now see Agency Client One, which this belongs to.' });
    expect(await selected('agency@demo.test')).toBe(ids.one);
    const opened = await get(`/api/campaign/${ids.oneCampaign}`, 'agency@demo.test', { Advertiser: ids.one });
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ name: 'Client One Always-On', advertiser: ids.one });
  });

  it('does the same for a sub-account granted both clients, in the request\'s language, for a booking too', async () => {
    await select('coworker@demo.test', ids.two);
    const switched = await get(`/api/booking/${ids.oneBooking}`, 'coworker@demo.test', { Advertiser: ids.two, Language: 'de' });
    expect(switched.status).toBe(406);
    expect((await switched.json()).message).toBe('Zugriff geändert: Sie sehen jetzt Agency Client One, zu dem dieser Eintrag gehört.');
    expect(await selected('coworker@demo.test')).toBe(ids.one);
    expect((await get(`/api/booking/${ids.oneBooking}`, 'coworker@demo.test', { Advertiser: ids.one })).status).toBe(200);
  });

  it('keeps a record of the selected advertiser, or with no advertiser header, as it was: 200, selection unchanged', async () => {
    await select('agency@demo.test', ids.two);
    expect((await get(`/api/campaign/${ids.twoCampaign}`, 'agency@demo.test', { Advertiser: ids.two })).status).toBe(200);
    expect((await get(`/api/campaign/${ids.oneCampaign}`, 'agency@demo.test')).status).toBe(200);
    expect(await selected('agency@demo.test')).toBe(ids.two);
  });

  it('answers 404 for a record of an advertiser the user may not access, and for unknown or malformed ids; the selection stays', async () => {
    await select('agency@demo.test', ids.two);
    expect((await get(`/api/campaign/${ids.shopCampaign}`, 'agency@demo.test', { Advertiser: ids.two })).status).toBe(404);
    expect((await get('/api/campaign/00000000-0000-4000-8000-000000000000', 'agency@demo.test', { Advertiser: ids.two })).status).toBe(404);
    expect((await get('/api/campaign/nope', 'agency@demo.test', { Advertiser: ids.two })).status).toBe(404);
    expect((await get(`/api/campaign/${ids.oneCampaign}`, 'advertiser@demo.test', { Advertiser: ids.demoShop })).status).toBe(404);
    expect(await selected('agency@demo.test')).toBe(ids.two);
    expect(await selected('advertiser@demo.test')).toBe(ids.demoShop);
  });
});
