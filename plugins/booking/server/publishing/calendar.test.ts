import { describe, expect, it } from 'vitest';
import { followCalendar } from './calendar.ts';
import { day, usePublishingServer } from './testkit.ts';

const kit = usePublishingServer();

describe('the booking calendar', () => {
  it('makes upcoming bookings active on their start day and finishes running ones whose end has passed', async () => {
    const starting = await kit.booking({ status: 'upcoming', start: day(0), end: day(10) });
    const later = await kit.booking({ status: 'upcoming', start: day(1), end: day(10) });
    const over = await kit.booking({ status: 'active', start: day(-20), end: day(-1) });
    const endless = await kit.booking({ status: 'active', start: day(-20), end: day(-1), continously: true });
    const lastDay = await kit.booking({ status: 'paused', start: day(-20), end: day(0) });
    const campaign = (await kit.model('campaign').create({ name: 'Over', advertiser: kit.shop.id, status: 'active', booking: over.id })).get({ plain: true });
    await kit.model('booking').update({ campaign: campaign.id }, { where: { id: over.id } });
    await kit.model('lineitem').create({ name: 'Over / P161', advertiser: kit.shop.id, campaign: campaign.id, booking: over.id, channel: 'platform161', active: true });

    expect(await followCalendar(kit.server().core)).toMatchObject({ started: 1, finished: 1 });
    const status = async (booking: { id: string }) => (await kit.get('booking', booking.id)).status;
    expect([await status(starting), await status(later), await status(over), await status(endless), await status(lastDay)])
      .toEqual(['active', 'upcoming', 'finished', 'active', 'paused']);
    expect((await kit.get('campaign', campaign.id)).status).toBe('finished');
    expect((await kit.all('lineitem', { booking: over.id })).map((l) => l.active)).toEqual([false]);
  });

  it('is scheduled hourly on the job queue', async () => {
    const [rows] = await kit.server().core.sequelize.query(
      "SELECT run_at > now() + interval '50 minutes' AS later FROM jobs WHERE name = 'booking.calendar' AND status = 'queued'",
    );
    expect(rows).toEqual([{ later: true }]);
  });
});
