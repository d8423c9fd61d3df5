/**
 * The assignment push (SPEC sections 7 and 8, issue 37): an assignment of a booking template becomes a booking by
 * the booking wizard's rules, waiting for its background check; pushed twice (or twice at once) it has one booking;
 * a refused booking answers the rules' errors in the reader's language and leaves the assignment failed; only the
 * systemoperator pushes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { usePublisherServer as useTestServer } from '../../publisher-area/server/testkit.ts';

const kit = useTestServer();
const SYSOP = 'sysop@demo.test';
let advertiser = '';
let template = '';
let banner = '';

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const assignment = async (name: string, values: Record<string, unknown> = {}) => {
  const created = await kit.call(SYSOP, '/api/assignment', {
    method: 'POST', body: { name, advertiser, bookingtemplate: template, start: day(1), end: day(31), dailyBudget: 12.5, creatives: [banner], ...values },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return String(created.body.id);
};
const push = (id: string, email = SYSOP, language = 'en') => kit.call(email, `/api/assignment/${id}/push`, { method: 'POST', headers: { Language: language } });
const bookings = async (name: string) => kit.sql<{ id: string; status: string; daily_budget: string; bookingtemplate_id: string }>(
  'SELECT id, status, daily_budget, bookingtemplate_id FROM bookings WHERE name = $1', [name]);

beforeAll(async () => {
  advertiser = await kit.id('advertisers', 'Demo Shop GmbH');
  const created = await kit.call(SYSOP, '/api/bookingtemplate', {
    method: 'POST',
    body: { name: 'Affiliate display', advertiser, channels: ['platform161'], allocation: [{ channel: 'platform161', weight: 1 }], target: 'https://shop.demo.test/affiliate', minDailyBudget: 5, maxDailyBudget: 50, defaultDailyBudget: 10 },
  });
  template = String(created.body.id);
  [{ id: banner }] = await kit.sql<{ id: string }>(`SELECT id FROM banners WHERE advertiser_id = $1 AND banner_type = 'image_ad' AND 'platform161' = ANY(channels) LIMIT 1`, [advertiser]);
});

describe('pushing an assignment', () => {
  it('creates the booking from the template, dates, daily budget and creatives, waiting for its check, once', async () => {
    const id = await assignment('Affiliate push');
    const pushed = await push(id);
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    expect(pushed.body).toMatchObject({ created: true, booking: { name: 'Affiliate push', status: 'waiting for approval' } });
    expect(pushed.body.booking._id).toBe(pushed.body.booking.id);
    const [booking] = await bookings('Affiliate push');
    expect(booking).toMatchObject({ id: pushed.body.booking.id, status: 'waiting for approval', bookingtemplate_id: template });
    expect(Number(booking.daily_budget)).toBe(1250);
    const stored = (await kit.call(SYSOP, `/api/assignment/${id}`)).body;
    expect(stored).toMatchObject({ status: 'pushed', booking: booking.id });
    expect(stored.pushedAt).toEqual(expect.any(String));
    const [job] = await kit.sql<{ name: string }>(`SELECT name FROM jobs WHERE payload->>'bookingId' = $1`, [booking.id]);
    expect(job.name).toBe('booking.prepare');

    const again = await push(id);
    expect(again).toMatchObject({ status: 200, body: { created: false, booking: { id: booking.id, name: 'Affiliate push' } } });
    expect(await bookings('Affiliate push')).toHaveLength(1);
  });

  it('creates one booking when pushed several times at once', async () => {
    const id = await assignment('Affiliate push at once');
    const answers = await Promise.all([1, 2, 3].map(() => push(id)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.booking.id)).size).toBe(1);
    expect(await bookings('Affiliate push at once')).toHaveLength(1);
  });

  it('answers the booking rules a push breaks, in the reader\'s language, and leaves the assignment failed', async () => {
    const id = await assignment('Affiliate push refused', { dailyBudget: 500 });
    const refused = await push(id, SYSOP, 'de');
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((error: { field: string }) => error.field)).toContain('dailyBudget');
    expect(refused.body.message).toMatch(/Tagesbudget/);
    expect(await bookings('Affiliate push refused')).toHaveLength(0);
    expect((await kit.call(SYSOP, `/api/assignment/${id}`)).body).toMatchObject({ status: 'failed', booking: null });

    const noTemplate = await assignment('Affiliate push without template', { bookingtemplate: null });
    const english = await push(noTemplate);
    expect(english.body).toEqual({
      message: 'The assignment names no booking template: without one no booking can be created.',
      errors: [{ field: 'bookingtemplate', message: 'The assignment names no booking template: without one no booking can be created.' }],
    });
  });

  it('is the systemoperator\'s: other roles are refused and nothing is created', async () => {
    const id = await assignment('Affiliate push by others');
    for (const email of ['admin@demo.test', 'wizard@demo.test', 'affiliatemanager@demo.test', 'advertiser@demo.test']) {
      expect([403, 404], email).toContain((await push(id, email)).status);
    }
    expect((await push('123e4567-e89b-12d3-a456-426614174000')).status).toBe(404);
    expect(await bookings('Affiliate push by others')).toHaveLength(0);
    expect((await kit.call(SYSOP, `/api/assignment/${id}`)).body.status).toBe('open');
  });
});
