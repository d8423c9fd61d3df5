/**
 * A report link of another of the user's advertisers (an agency with Agency Client Two selected opening a Client One
 * campaign's Instant Report): 406 after the selection moved to Client One, then the report; a campaign of an
 * advertiser the user may not access: no numbers (404, the admin shows its 403 page).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';

let server: TestServer;
let token = '';
const ids = { one: '', two: '', oneCampaign: '', shopCampaign: '' };
const idOf = async (model: string, name: string) => String(((await server.core.model(model).findOne({ where: { name }, raw: true })) as { id: string }).id);
const report = (campaign: string, advertiser: string, language = 'en') =>
  server.api(`/api/campaign/${campaign}/report`, { token, headers: { Advertiser: advertiser, Language: language } });

beforeAll(async () => {
  server = await startTestServer({ jobs: false });
  token = await server.token('agency@demo.test');
  Object.assign(ids, {
    one: await idOf('advertiser', 'Agency Client One'), two: await idOf('advertiser', 'Agency Client Two'),
    oneCampaign: await idOf('campaign', 'Client One Always-On'), shopCampaign: await idOf('campaign', 'Summer Sale 2026'),
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('a report link of another client of the agency', () => {
  it('switches the selection to the campaign\'s advertiser (406 naming it), then shows the report', async () => {
    expect((await server.api('/api/auth/login', { method: 'PATCH', token, body: { selectedAdvertiser: ids.two } })).status).toBe(200);
    const switched = await report(ids.oneCampaign, ids.two, 'de');
    expect(switched.status).toBe(406);
    expect((await switched.json()).message).toBe('Zugriff geändert: Sie sehen jetzt Agency Client One, zu dem dieser Eintrag gehört.');
    // The admin reads the stored selection without tenant headers, then reloads with it.
    const user = (await (await server.api('/api/auth/login', { token })).json()) as { selectedAdvertiser: string };
    expect(user.selectedAdvertiser).toBe(ids.one);
    const shown = await report(ids.oneCampaign, user.selectedAdvertiser);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({ campaignName: 'Client One Always-On' });
  });

  it('shows no numbers of a campaign of an advertiser the agency may not access, and keeps the selection', async () => {
    const refused = await report(ids.shopCampaign, ids.one);
    expect(refused.status).toBe(404);
    expect(await refused.json()).not.toHaveProperty('campaignName');
    const user = (await (await server.api('/api/auth/login', { token })).json()) as { selectedAdvertiser: string };
    expect(user.selectedAdvertiser).toBe(ids.one);
  });
});
