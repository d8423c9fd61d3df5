import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { bookingMarker, today } from '@adsuite/config/booking/index';
import { createTestDatabase, startTestServer, type TestServer } from '../testing.ts';
import { up } from './0007-booking-markers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ jobs: false });
});
afterAll(async () => {
  await server?.stop();
});

const run = (sequelize: unknown) => up({ context: sequelize, name: '0007-booking-markers' } as never);

describe('migration 0007-booking-markers', () => {
  it('converts the flat places of stored bookings to SPEC\'s markers, leaving that shape and other values alone', async () => {
    const { sequelize } = server.core;
    const flat = { name: 'Köln', lat: 50.94, lng: 6.96, radius: 15 };
    const spec = bookingMarker({ name: 'Berlin', address: 'Berlin, Germany' });
    const shop = (await server.core.model('advertiser').findOne({ where: { name: 'Demo Shop GmbH' }, raw: true })) as unknown as { id: string };
    const base = { advertiser: shop.id, status: 'pending', start: today(), dailyBudget: 500, channels: ['platform161'] };
    // Written as the earlier wizard stored them (the model takes any JSON).
    const [mixed, untouched, empty, odd] = await server.core.model('booking').bulkCreate([
      { ...base, name: 'Alte Orte', markers: [flat, spec, { name: 'Nur Name' }] },
      { ...base, name: 'Neue Orte', markers: [spec] },
      { ...base, name: 'Keine Orte', markers: [] },
      { ...base, name: 'Seltsame Orte', markers: ['Berlin', 7] },
    ]);
    await run(sequelize);
    await run(sequelize);
    const markersOf = async (row: { get(key: string): unknown }) =>
      (await sequelize.query<{ markers: unknown }>('SELECT markers FROM bookings WHERE id = :id', { replacements: { id: row.get('id') }, type: QueryTypes.SELECT }))[0].markers;
    expect(await markersOf(mixed)).toEqual([bookingMarker(flat), spec, bookingMarker({ name: 'Nur Name' })]);
    expect(await markersOf(untouched)).toEqual([spec]);
    expect(await markersOf(empty)).toEqual([]);
    expect(await markersOf(odd)).toEqual(['Berlin', 7]);
  });

  it('runs on a fresh database, before the bookings table exists', async () => {
    const db = await createTestDatabase();
    try {
      await expect(run(db.sequelize)).resolves.toBeUndefined();
    } finally {
      await db.drop();
    }
  });
});
