/**
 * Every line item paces (migration after-0010-lineitem-pacing): the demo seed's and publishing's line items, created
 * without a pacing, store the declared default and the line item's screen reads it; a database whose line items were
 * stored without one gets the default for them, leaving a chosen pacing alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { resourceByName } from '@adsuite/config';
import { startTestServer, type TestServer } from '../testing.ts';
import { down, up } from './after-0010-lineitem-pacing.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ jobs: false });
}, 300_000);
afterAll(() => server?.stop());

const DEFAULT = resourceByName.lineitem.fields.pacing.default;
const run = (fn: typeof up) => fn({ context: server.core.sequelize, name: 'after-0010-lineitem-pacing' } as never);
const pacings = async () => server.core.sequelize.query<{ id: string; name: string; pacing: string | null }>(
  'SELECT id, name, pacing FROM lineitems ORDER BY name', { type: QueryTypes.SELECT });

describe('a line item\'s pacing', () => {
  it('is the declared default (SPEC section 3: evenly) for every demo line item, as the API and the line item\'s screen read it', async () => {
    expect(DEFAULT).toBe('evenly');
    const seeded = await pacings();
    expect(seeded.length).toBeGreaterThan(5);
    expect(seeded.filter((row) => row.pacing !== DEFAULT)).toEqual([]);
    const line = seeded.find((row) => row.name === 'Client One Always-On / Platform 161')!;
    const response = await server.api(`/api/lineitem/${line.id}`, { token: await server.token('agency@demo.test') });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { pacing: string }).pacing).toBe(DEFAULT);
  });

  it('is the default for a line item created without one, as publishing creates them', async () => {
    const [template] = (await server.core.model('lineitem').findAll({ limit: 1, raw: true })) as unknown as { advertiser: string; campaign: string }[];
    const created = await server.core.model('lineitem').create({ name: 'Published without pacing', advertiser: template.advertiser, campaign: template.campaign, channel: 'platform161' });
    const chosen = await server.core.model('lineitem').create({
      name: 'Published as soon as possible', advertiser: template.advertiser, campaign: template.campaign, channel: 'platform161', pacing: 'as soon as possible',
    });
    const stored = new Map((await pacings()).map((row) => [row.id, row.pacing]));
    expect(stored.get(created.get('id') as string)).toBe(DEFAULT);
    expect(stored.get(chosen.get('id') as string)).toBe('as soon as possible');
  });

  it('is given to the line items a database stored without one, once, leaving a chosen pacing alone', async () => {
    await run(down);
    const all = await pacings();
    const chosen = all.find((row) => row.pacing === 'as soon as possible')!;
    await server.core.sequelize.query('UPDATE lineitems SET pacing = NULL WHERE id <> $1', { bind: [chosen.id] });
    const [template] = (await server.core.model('lineitem').findAll({ limit: 1, raw: true })) as unknown as { advertiser: string; campaign: string }[];
    await server.core.model('lineitem').create({ name: 'Stored before the default', advertiser: template.advertiser, campaign: template.campaign, channel: 'platform161' });
    expect((await pacings()).filter((row) => row.pacing === null).length).toBe(all.length);

    await run(up);
    await run(up);
    const after = await pacings();
    expect(after.filter((row) => row.id !== chosen.id).every((row) => row.pacing === DEFAULT)).toBe(true);
    expect(after.find((row) => row.id === chosen.id)?.pacing).toBe('as soon as possible');
    const created = await server.core.model('lineitem').create({ name: 'Created after', advertiser: template.advertiser, campaign: template.campaign, channel: 'platform161' });
    expect((await pacings()).find((row) => row.id === created.get('id'))?.pacing).toBe(DEFAULT);
  });
});
