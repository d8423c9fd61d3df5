import { describe, expect, it } from 'vitest';
import { IMAGE, usePublishingServer } from './testkit.ts';

const kit = usePublishingServer();
const SYSOP = 'sysop@demo.test';

async function publishedTree(channels = ['platform161', 'outbrain']) {
  const booking = await kit.booking({ channels, dailyBudget: 2_000 }, [IMAGE]);
  await kit.publish(booking.id);
  const jobs = await kit.all('sync-queue', { booking: booking.id });
  return { booking, jobs, root: jobs.find((job) => !job.parent)! };
}

describe('the sync queue API', () => {
  it('answers a job with its children in next[], recursively, and the path above it', async () => {
    const { root, jobs } = await publishedTree();
    const { status, body } = await kit.call(SYSOP, `/api/sync-queue/${root.id}/tree`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: root.id, _id: root.id, type: 'campaign', status: 'partial', completed: true, path: [] });
    expect(body.next.map((job: { channel: string }) => job.channel).sort()).toEqual(['outbrain', 'platform161']);
    const platform = body.next.find((job: { channel: string }) => job.channel === 'platform161');
    expect(platform).toMatchObject({ type: 'lineitem', status: 'successful', completed: true, runCount: 1 });
    expect(platform.next).toMatchObject([{ type: 'banner', status: 'successful', next: [] }]);

    const banner = jobs.find((job) => job.type === 'banner' && job.channel === 'platform161')!;
    const below = await kit.call(SYSOP, `/api/sync-queue/${banner.id}/tree`);
    expect(below.body.path.map((step: { id: string }) => step.id)).toEqual([root.id, platform.id]);
  });

  it('is the systemoperator\'s: others get 403, unknown jobs 404', async () => {
    const { root } = await publishedTree(['platform161']);
    expect((await kit.call('advertiser@demo.test', `/api/sync-queue/${root.id}/tree`)).status).toBe(403);
    expect((await kit.call('admin@demo.test', '/api/sync-queue/run', { method: 'POST' })).status).toBe(403);
    expect((await kit.call('advertiser@demo.test', `/api/sync-queue/${root.id}/force`, { method: 'POST' })).status).toBe(403);
    expect((await kit.call(SYSOP, '/api/sync-queue/00000000-0000-4000-8000-000000000000/tree')).status).toBe(404);
    expect((await kit.call(SYSOP, '/api/sync-queue/nope/force', { method: 'POST' })).status).toBe(404);
  });

  it('forces a job to run again; a refused one fails again and stays notified', async () => {
    const { jobs, booking } = await publishedTree();
    const outbrain = jobs.find((job) => job.type === 'lineitem' && job.channel === 'outbrain')!;
    const root = jobs.find((job) => !job.parent)!;
    await kit.call(SYSOP, `/api/sync-queue/${root.id}/force`, { method: 'POST' });
    await kit.drain();
    expect(await kit.get('sync-queue', root.id)).toMatchObject({ status: 'partial', completed: true, runCount: 2 });

    const forced = await kit.call(SYSOP, `/api/sync-queue/${outbrain.id}/force`, { method: 'POST' });
    expect(forced).toMatchObject({ status: 200, body: { id: outbrain.id, status: 'not run', completed: false } });
    await kit.drain();
    expect(await kit.get('sync-queue', outbrain.id)).toMatchObject({ status: 'failed', completed: true, runCount: 2, notified: true });

    // Once the budget meets Outbrain's minimum, forcing the job publishes the channel and its banner.
    const lineitem = await kit.get('lineitem', outbrain.foreignId);
    await kit.model('lineitem').update({ dailyBudget: 3_000 }, { where: { id: lineitem.id } });
    await kit.call(SYSOP, `/api/sync-queue/${outbrain.id}/force`, { method: 'POST' });
    await kit.drain();
    expect(await kit.get('sync-queue', outbrain.id)).toMatchObject({ status: 'successful', completed: true, runCount: 3 });
    expect(await kit.get('sync-queue', root.id)).toMatchObject({ status: 'successful', completed: true });
    const campaign = await kit.get('campaign', (await kit.get('booking', booking.id)).campaign);
    expect(campaign.failedChannels).toEqual([]);
  });

  it('runs jobs that were never queued', async () => {
    const { booking } = await publishedTree(['platform161']);
    const campaign = (await kit.get('booking', booking.id)).campaign as string;
    const lone = (await kit.model('sync-queue').create({
      name: 'Update campaign by hand', type: 'campaign', action: 'update', foreignId: campaign, campaign, booking: booking.id,
    })).get({ plain: true });
    const { status, body } = await kit.call(SYSOP, '/api/sync-queue/run', { method: 'POST' });
    expect(status).toBe(200);
    expect(body.queued).toBe(1);
    await kit.drain();
    expect(await kit.get('sync-queue', lone.id)).toMatchObject({ status: 'successful', completed: true, runCount: 1 });
  });
});
