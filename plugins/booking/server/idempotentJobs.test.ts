/**
 * Issue 9: a job may run twice (its runner lost the lease, or died after the effect and before the job was
 * marked done). The booking plugin's real handlers run twice here, side by side and one after the other, and
 * their effects happen once: one readyToPublish mail per user, one object per change on the channel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelByKey } from '@adsuite/config';
import { startTestServer, startTestSmtpServer, type TestServer, type TestSmtpServer } from '@adsuite/backend/testkit';
import type { JobRun, Row } from '@adsuite/backend/kit';
import { MAIL_JOB, prepareBooking, sendQueuedMail } from './creatives/prepare.ts';
import { connectorFor } from './publishing/connectors/index.ts';
import { runSyncJob, SYNC_JOB } from './publishing/sync.ts';
import { day, IMAGE } from './publishing/testkit.ts';

let smtp: TestSmtpServer;
let server: TestServer;
let shop: Row;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // No runner in the background: the test runs the handlers itself.
  server = await startTestServer({ env: { smtpUrl: smtp.url }, jobs: false });
  shop = (await server.core.model('advertiser').findOne({ where: { name: 'Demo Shop GmbH' }, raw: true })) as Row;
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const core = () => server.core;
const run = (n: number): JobRun => ({ id: `test-run-${n}`, runCount: n, maxRuns: 4 });
const all = async (name: string, where: Row) => (await core().model(name).findAll({ where, raw: true, order: [['created', 'ASC']] })) as Row[];
const jobsOf = async (name: string, key: string, value: unknown) => {
  const [rows] = await core().sequelize.query(`SELECT id, status FROM jobs WHERE name = :name AND payload->>:key = :value`, { replacements: { name, key, value: String(value) } });
  return rows as { id: string; status: string }[];
};

async function booking(values: Row): Promise<Row & { id: string }> {
  const channels = (values.channels as string[] | undefined) ?? ['platform161'];
  // Reviewed by staff already (creative approval), so the check decides.
  const reviews = Object.fromEntries(channels.map((channel) => [channel, { status: 'approved' }]));
  const banner = (await core().model('banner').create({ advertiser: shop.id, ...IMAGE, channels, reviews })).get({ plain: true }) as Row;
  return (await core().model('booking').create({
    name: `Twice ${Math.random().toString(36).slice(2, 8)}`, advertiser: shop.id, status: 'waiting for approval', goal: 'clicks', dailyBudget: 5_000,
    start: day(0), end: day(30), channels: ['platform161'], allocation: [], target: 'https://shop.demo.test/landing',
    creatives: [{ id: banner.id, name: banner.name, bannerType: banner.bannerType, channels: banner.channels }], ...values,
  })).get({ plain: true }) as Row & { id: string };
}

describe('the creative check run twice', () => {
  it('decides once and mails each user once, side by side and again afterwards', async () => {
    const made = await booking({});
    await Promise.all([prepareBooking(core(), made.id), prepareBooking(core(), made.id)]);
    await prepareBooking(core(), made.id);
    expect(((await core().model('booking').findByPk(made.id, { raw: true })) as Row)).toMatchObject({ rejectionReason: null, status: 'pending' });
    const logged = await all('campaignlog', { entityId: made.id });
    expect(logged.map((entry) => entry.message)).toEqual([`Booking "${made.name}" is ready to publish.`]);

    const subject = (mail: { subject: string }) => mail.subject.includes(String(made.name));
    const queued = ((await all('outbox', { template: 'readyToPublish' })) as { id: string; to: string; subject: string }[]).filter(subject);
    expect(queued.length).toBeGreaterThan(0);
    expect(new Set(queued.map((mail) => mail.to)).size).toBe(queued.length);
    const mailJobs = (await Promise.all(queued.map((mail) => jobsOf(MAIL_JOB, 'outboxId', mail.id)))).flat();
    expect(mailJobs).toHaveLength(queued.length);

    // The mail jobs run twice too (side by side, and once more): each mail goes out once.
    for (const mail of queued) {
      await Promise.all([sendQueuedMail(core(), mail.id), sendQueuedMail(core(), mail.id)]);
      await sendQueuedMail(core(), mail.id);
    }
    await core().jobs.drain();
    for (const mail of queued) await smtp.waitFor(mail.to);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.filter(subject).map((mail) => mail.to[0]).sort()).toEqual(queued.map((mail) => mail.to).sort());
    for (const mail of queued) {
      expect(await core().model('outbox').findByPk(mail.id, { raw: true })).toMatchObject({ error: null, sentAt: expect.any(Date) });
    }
  });
});

describe('a sync job run twice', () => {
  it('creates one line item on the channel and records one outcome, queueing each child once', async () => {
    const made = await booking({ status: 'pending', channels: ['facebook'] });
    // Publishing waits for the tree, which this test runs by hand: the answer comes once the tree has settled.
    const token = await server.token('advertiser@demo.test');
    const answer = server.api(`/api/booking/${made.id}/status`, { method: 'POST', token, body: { status: 'published' } });
    let rows: Row[] = [];
    for (const started = Date.now(); rows.length < 3 && Date.now() - started < 10_000;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      rows = await all('sync-queue', { booking: made.id });
    }
    const root = rows.find((row) => !row.parent)!;
    const lineJob = rows.find((row) => row.type === 'lineitem')!;
    const bannerJob = rows.find((row) => row.type === 'banner')!;

    await Promise.all([runSyncJob(core(), root.id, run(1)), runSyncJob(core(), root.id, run(1))]);
    expect(await jobsOf(SYNC_JOB, 'syncId', lineJob.id)).toHaveLength(1);

    // The line item's job twice side by side, then again as a retry after a crash would.
    await Promise.all([runSyncJob(core(), lineJob.id, run(1)), runSyncJob(core(), lineJob.id, run(1))]);
    await runSyncJob(core(), lineJob.id, run(2));
    const line = ((await core().model('sync-queue').findByPk(lineJob.id as string, { raw: true })) as Row);
    expect(line).toMatchObject({ status: 'successful', runCount: 1 });
    expect((line.messages as { message: string }[]).map((m) => m.message)).toEqual([
      'Queued.', expect.stringMatching(/^Facebook \(sandbox\): line item sandbox-facebook-[0-9a-f-]{36} created\.$/),
    ]);
    const lineitems = await all('lineitem', { booking: made.id });
    expect(lineitems).toHaveLength(1);
    expect(line.messages).toEqual(expect.arrayContaining([expect.objectContaining({ message: expect.stringContaining(lineitems[0].externalId as string) })]));
    expect(await jobsOf(SYNC_JOB, 'syncId', bannerJob.id)).toHaveLength(1);

    // The network answers a change sent twice with the object it made the first time.
    const request = { action: 'create' as const, type: 'lineitem' as const, channel: channelByKey.facebook, booking: made, campaign: { id: 'c' }, lineitem: { ...lineitems[0], externalId: null }, creatives: [IMAGE] };
    const again = await connectorFor(channelByKey.facebook).apply({ ...request, idempotencyKey: `sync-${String(lineJob.id)}` });
    expect(again.externalId).toBe(lineitems[0].externalId);
    expect((await connectorFor(channelByKey.facebook).apply({ ...request, idempotencyKey: 'another change' })).externalId).not.toBe(lineitems[0].externalId);

    await core().jobs.drain();
    const res = await answer;
    expect(res.status).toBe(200);
    const settled = await all('sync-queue', { booking: made.id });
    expect(settled.every((row) => row.status === 'successful' && row.completed && row.runCount === 1)).toBe(true);
    expect(((await core().model('booking').findByPk(made.id, { raw: true })) as Row).status).toBe('active');
  });
});
