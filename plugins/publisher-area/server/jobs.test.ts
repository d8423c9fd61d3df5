/**
 * The invitation jobs (issue 35): the send job turns prepared changes into what the publisher sees, once; the
 * dates job keeps the statuses that follow from the campaign's dates and status as days pass, and back when a
 * campaign is extended. Both run through the job queue as the server schedules them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DATES_JOB, followCampaignDates, SEND_JOB } from './jobs.ts';
import { usePublisherServer } from './testkit.ts';

const kit = usePublisherServer();
const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
let campaign = '';
const publishers: Record<string, string> = {};

const statuses = async () => Object.fromEntries((await kit.sql<{ name: string; status: string }>(
  `SELECT p.name, i.invitation_status AS status FROM invitations i JOIN publishers p ON p.id = i.publisher_id WHERE i.campaign_id = $1 ORDER BY p.name`, [campaign],
)).map((row) => [row.name, row.status]));
const setCampaign = (start: string, end: string | null, status = 'active') =>
  kit.sql(`UPDATE campaigns SET start = $2::date, "end" = $3::date, status = $4 WHERE id = $1`, [campaign, start, end, status]);

beforeAll(async () => {
  campaign = await kit.id('campaigns', 'Summer Sale 2026');
  for (const name of ['Invited Ltd', 'Received Ltd', 'Accepted Ltd', 'Declined Ltd', 'Queued Ltd']) {
    publishers[name] = await kit.publisher(name, `${name.split(' ')[0].toLowerCase()}@jobs.test`);
  }
  const staff = 'affiliatemanager@demo.test';
  const invite = await kit.call(staff, `/api/campaign/${campaign}/invitations`, { method: 'POST', body: { action: 'invite', publishers: Object.values(publishers) } });
  expect(invite.status).toBe(200);
});

describe('the send job', () => {
  it('runs from the queue: the campaign\'s prepared invitations are sent, and running again sends nothing', async () => {
    const queued = await kit.call('admin@demo.test', `/api/campaign/${campaign}/invitations/send`, { method: 'POST' });
    expect(queued).toMatchObject({ status: 202, body: { waiting: 5 } });
    const core = kit.core();
    expect(await core.jobs.runDue()).toBeGreaterThan(0);
    expect(await core.jobs.get(queued.body.job)).toMatchObject({ name: SEND_JOB, status: 'done' });
    expect(Object.values(await statuses())).toEqual(['invited', 'invited', 'invited', 'invited', 'invited']);
    // Each publisher's mail once, delivered by the mail job the send queued.
    await core.jobs.runDue(20);
    for (const name of Object.keys(publishers)) expect(await kit.mails(`${name.split(' ')[0].toLowerCase()}@jobs.test`)).toHaveLength(1);
    await core.jobs.enqueue(SEND_JOB, { campaign });
    await core.jobs.runDue();
    for (const name of Object.keys(publishers)) expect(await kit.mails(`${name.split(' ')[0].toLowerCase()}@jobs.test`)).toHaveLength(1);
  });
});

describe('the dates job', () => {
  beforeAll(async () => {
    const answer = async (name: string, value: 'accept' | 'decline') => {
      const email = `${name.split(' ')[0].toLowerCase()}@jobs.test`;
      const [invitation] = (await kit.call(email, `/api/publisher/${publishers[name]}/invitations`)).body;
      expect((await kit.call(email, `/api/publisher/${publishers[name]}/invitations/${invitation.id}`, { method: 'POST', body: { answer: value } })).status).toBe(200);
    };
    const [opened] = (await kit.call('received@jobs.test', `/api/publisher/${publishers['Received Ltd']}/invitations`)).body;
    await kit.call('received@jobs.test', `/api/publisher/${publishers['Received Ltd']}/invitations/${opened.id}/received`, { method: 'POST' });
    await answer('Accepted Ltd', 'accept');
    await answer('Declined Ltd', 'decline');
  });

  it('follows the campaign: running, over, extended, upcoming, paused', async () => {
    expect(await statuses()).toEqual({
      'Accepted Ltd': 'active', 'Declined Ltd': 'rejected', 'Invited Ltd': 'invited', 'Queued Ltd': 'invited', 'Received Ltd': 'invitation_received',
    });
    // Days pass: the campaign ended yesterday.
    await setCampaign(day(-30), day(-1));
    expect(await followCampaignDates(kit.core())).toBe(4);
    expect(await statuses()).toEqual({
      'Accepted Ltd': 'accepted_finished', 'Declined Ltd': 'rejected', 'Invited Ltd': 'invited_outdated', 'Queued Ltd': 'invited_outdated', 'Received Ltd': 'invited_outdated',
    });
    const [copied] = await kit.sql<{ end: string }>(`SELECT to_char("end", 'YYYY-MM-DD') AS "end" FROM invitations WHERE publisher_id = $1`, [publishers['Invited Ltd']]);
    expect(copied.end).toBe(day(-1));
    // Nothing changes on a second run of the same day.
    expect(await followCampaignDates(kit.core())).toBe(0);

    // Extended: invitations open again, the accepted one delivers again.
    await setCampaign(day(-30), day(20));
    await followCampaignDates(kit.core());
    expect(await statuses()).toMatchObject({ 'Accepted Ltd': 'active', 'Invited Ltd': 'invited', 'Received Ltd': 'invited' });

    // Moved to start next week, and later paused.
    await setCampaign(day(7), day(40));
    await followCampaignDates(kit.core());
    expect((await statuses())['Accepted Ltd']).toBe('accepted_upcoming');
    await setCampaign(day(-3), null, 'paused');
    await followCampaignDates(kit.core());
    expect((await statuses())['Accepted Ltd']).toBe('accepted');
    const [never] = await kit.sql<{ end: string | null; continously: boolean }>(`SELECT "end", continously FROM invitations WHERE publisher_id = $1`, [publishers['Invited Ltd']]);
    expect(never).toEqual({ end: null, continously: true });

    // Canceled: over whatever its dates say; a later day of the job passes a day on.
    await setCampaign(day(-3), day(30), 'canceled');
    const jobs = kit.core().jobs;
    await jobs.enqueue(DATES_JOB, {});
    await jobs.runDue();
    expect((await statuses())['Accepted Ltd']).toBe('accepted_finished');
    await setCampaign(day(-3), day(2), 'active');
    await followCampaignDates(kit.core(), new Date(Date.now() + 5 * DAY_MS));
    expect(await statuses()).toMatchObject({ 'Accepted Ltd': 'accepted_finished', 'Invited Ltd': 'invited_outdated', 'Declined Ltd': 'rejected' });
  });
});
