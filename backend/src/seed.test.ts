/**
 * The demo data's line items and contracts read as publishing names them: the booking and the channel's name as
 * people read it ('Summer Sale 2026 / Google Ads'), never the channel's stored key ('googleads'). A database seeded
 * with the keyed names takes the readable ones at the next start, creating nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '@adsuite/config';
import { seedDemo } from './seed.ts';
import { startTestServer, type TestServer } from './testing.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ jobs: false });
}, 300_000);
afterAll(() => server?.stop());

type Named = { id: string; name: string; channel: string };
const rows = async (model: 'lineitem' | 'contract') =>
  (await server.core.model(model).findAll({ attributes: ['id', 'name', 'channel'], raw: true })) as unknown as Named[];

describe('demo line items and contracts', () => {
  it('are named by the booking and the channel\'s display name', async () => {
    const lineitems = await rows('lineitem');
    expect(lineitems.map((row) => row.name)).toContain('Summer Sale 2026 / Google Ads');
    expect((await rows('contract')).map((row) => row.name)).toContain('Summer Sale 2026 / Facebook');
    for (const row of [...lineitems, ...(await rows('contract'))]) {
      const channel = CHANNELS.find((c) => c.key === row.channel)!;
      expect(row.name.endsWith(` / ${channel.name}`), row.name).toBe(true);
      if (channel.name !== channel.key) expect(row.name.endsWith(` / ${channel.key}`), row.name).toBe(false);
    }
  });

  it('take the readable name in a database seeded with the channel\'s key, and nothing is created', async () => {
    const [lineitem] = (await rows('lineitem')).filter((row) => row.name === 'Summer Sale 2026 / Google Ads');
    const [contract] = (await rows('contract')).filter((row) => row.name === 'Summer Sale 2026 / Facebook');
    await server.core.model('lineitem').update({ name: 'Summer Sale 2026 / googleads' }, { where: { id: lineitem.id } });
    await server.core.model('contract').update({ name: 'Summer Sale 2026 / facebook' }, { where: { id: contract.id } });
    const renamed = 'Sommerschlussverkauf auf Facebook';
    const [own] = (await rows('lineitem')).filter((row) => row.name === 'Summer Sale 2026 / Facebook');
    await server.core.model('lineitem').update({ name: renamed }, { where: { id: own.id } });
    const counts = async () => [await server.core.model('lineitem').count(), await server.core.model('contract').count()];
    const before = await counts();

    await seedDemo(server.core);

    expect(await counts()).toEqual(before);
    expect(((await server.core.model('lineitem').findByPk(lineitem.id, { raw: true })) as unknown as Named).name).toBe('Summer Sale 2026 / Google Ads');
    expect(((await server.core.model('contract').findByPk(contract.id, { raw: true })) as unknown as Named).name).toBe('Summer Sale 2026 / Facebook');
    // A name someone gave a demo line item stays.
    expect(((await server.core.model('lineitem').findByPk(own.id, { raw: true })) as unknown as Named).name).toBe(renamed);
  });
});
