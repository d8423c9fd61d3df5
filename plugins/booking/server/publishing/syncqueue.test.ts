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

  it('names jobs by their record and writes the log as catalogue texts, answered in the reader\'s language', async () => {
    const { root, jobs, booking } = await publishedTree();
    // The row keeps the record's name; type and action say what the job does with it.
    expect(root.name).toBe(booking.name);
    const outbrain = jobs.find((job) => job.type === 'lineitem' && job.channel === 'outbrain')!;
    expect(outbrain.name).toBe(`${String(booking.name)} / Outbrain`);
    // Each entry keeps its English words (search, older readers) beside its text of the catalogue.
    expect((outbrain.messages as { message: string; text: { key: string } }[]).map((m) => [m.message, m.text.key])).toEqual([
      ['Queued.', 'sync.queued'],
      ['Outbrain (sandbox) refused the line item: the daily budget of 10,00\u00a0€ is below the channel minimum of 30,00\u00a0€.', 'bookings.lineitem.daily_minimum'],
      ['Failed for good: the technicians were informed.', 'sync.failed_for_good'],
    ]);

    const tree = (language: string) => kit.call(SYSOP, `/api/sync-queue/${outbrain.id}/tree`, { headers: { Language: language } });
    const de = (await tree('de')).body;
    expect(de.title).toBe(`Line Item „${String(booking.name)} / Outbrain“ veröffentlichen`);
    expect(de.path.map((step: { title: string }) => step.title)).toEqual([`Kampagne „${String(booking.name)}“ veröffentlichen`]);
    expect(de.messages.map((m: { message: string }) => m.message)).toEqual([
      'Eingereiht.',
      'Outbrain (Sandbox) hat das Line Item abgelehnt: Das Tagesbudget von 10,00\u00a0€ liegt unter dem Minimum des Kanals von 30,00\u00a0€.',
      'Endgültig fehlgeschlagen: Die Technik wurde informiert.',
    ]);
    expect(de.next[0].title).toBe(`Banner „${IMAGE.name} / Outbrain“ veröffentlichen`);
    const en = (await tree('en')).body;
    expect(en.title).toBe(`Publish line item ${String(booking.name)} / Outbrain`);
    expect(en.messages.at(-1).message).toBe('Failed for good: the technicians were informed.');

    // The activity log's line for the technicians reads in the reader's language too.
    const [logged] = await kit.all('campaignlog', { entityId: outbrain.id });
    expect(logged.messageText).toMatchObject({ key: 'sync.failed_log' });
    const log = await kit.call(SYSOP, `/api/campaignlog/${String(logged.id)}`, { headers: { Language: 'de' } });
    expect(log.body.message).toBe(`Sync-Job „Line Item „${String(booking.name)} / Outbrain“ veröffentlichen“ fehlgeschlagen: Outbrain (Sandbox) hat das Line Item abgelehnt: Das Tagesbudget von 10,00\u00a0€ liegt unter dem Minimum des Kanals von 30,00\u00a0€.`);
  });

  it('reads older rows, with English names and lines, in the reader\'s language', async () => {
    const { booking } = await publishedTree(['platform161']);
    const campaign = (await kit.get('booking', booking.id)).campaign as string;
    const old = (await kit.model('sync-queue').create({
      name: 'Publish campaign Older Summer', type: 'campaign', action: 'create', foreignId: campaign, campaign, booking: booking.id, status: 'successful', completed: true,
      messages: [{ date: '2026-01-01T00:00:00.000Z', message: 'Queued.' }, { date: '2026-01-01T00:00:01.000Z', message: 'Campaign created on all channels.' }, { date: '2026-01-01T00:00:02.000Z', message: 'Something the network said.' }],
    })).get({ plain: true });
    const de = (await kit.call(SYSOP, `/api/sync-queue/${old.id}/tree`, { headers: { Language: 'de' } })).body;
    expect(de.title).toBe('Kampagne „Older Summer“ veröffentlichen');
    expect(de.messages.map((m: { message: string }) => m.message)).toEqual(['Eingereiht.', 'Kampagne auf allen Kanälen angelegt.', 'Something the network said.']);
    const en = (await kit.call(SYSOP, `/api/sync-queue/${old.id}/tree`, { headers: { Language: 'en' } })).body;
    expect(en.title).toBe('Publish campaign Older Summer');
    expect(en.messages.map((m: { message: string }) => m.message)).toEqual(['Queued.', 'Campaign created on all channels.', 'Something the network said.']);
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
