/**
 * The sync-queue viewer in Chromium: a booking published with a channel the network refuses leaves a failed
 * job; the systemoperator finds it in the queue (not run and failed first), opens its tree with breadcrumbs,
 * reads its message log and climbs to the campaign's tree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '@adsuite/backend/kit';
import { navigate, settle, shot, signIn, startHarness, stopHarness, type Harness } from '../../../admin/test/browser.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
}, 300_000);

afterAll(async () => {
  await stopHarness(harness);
});

async function publishWithOutbrainRefused(): Promise<void> {
  const core = harness.server.core;
  const shop = (await core.model('advertiser').findOne({ where: { name: 'Demo Shop GmbH' }, raw: true })) as Row;
  const banner = (await core.model('banner').create({ advertiser: shop.id, name: 'Queue banner', bannerType: 'image_ad' })).get({ plain: true }) as Row;
  const today = new Date().toISOString().slice(0, 10);
  const booking = (await core.model('booking').create({
    name: 'Queue check', advertiser: shop.id, status: 'pending', dailyBudget: 2_000, start: today, end: '2099-01-01',
    channels: ['platform161', 'outbrain'], creatives: [{ id: banner.id }],
  })).get({ plain: true }) as Row;
  const token = await harness.server.token('advertiser@demo.test');
  const published = await harness.server.api(`/api/booking/${booking.id}/status`, { method: 'POST', token, body: { status: 'published' } });
  expect(((await published.json()) as { failedChannels: string[] }).failedChannels).toEqual(['outbrain']);
}

describe('the sync-queue viewer', () => {
  it('lists the failed job, shows its tree with breadcrumbs and messages, and climbs to the campaign', async () => {
    await publishWithOutbrainRefused();
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test');
    await navigate(page, '/syncqueue');
    await settle(page, 'Sync-Queue');
    const failedRow = page.locator('table tbody tr').filter({ hasText: 'Publish line item Queue check / Outbrain' });
    await failedRow.waitFor();
    // Opens with the filter not run and failed: the seeded successful jobs are not listed.
    expect(await page.locator('table tbody tr').filter({ hasText: 'Publish campaign Summer Sale 2026' }).count()).toBe(0);
    await page.getByText('Wählen Sie einen Job in der Liste').waitFor();

    await failedRow.click();
    const entry = page.getByTestId('sync-job').first();
    await entry.waitFor();
    expect(await entry.getAttribute('data-status')).toBe('failed');
    await entry.getByText('Technik informiert').first().waitFor();
    await entry.getByText('Durchläufe: 1').first().waitFor();
    await entry.getByText('Failed for good: the technicians were informed.').waitFor();
    await entry.getByRole('button', { name: 'Alle' }).first().click();
    // The connector's refusal, whatever language and money format the server writes it in.
    await entry.getByText(/^Outbrain \(sandbox\).*30[.,]00/).waitFor();
    const crumbs = page.locator('nav[aria-label="Job-Baum"]');
    await crumbs.getByText('Publish campaign Queue check').waitFor();
    await shot(page, 'syncqueue-failed-job');

    await crumbs.getByText('Publish campaign Queue check').click();
    const root = page.getByTestId('sync-job').first();
    await root.getByText('Publish line item Queue check / Platform 161').waitFor();
    expect(await root.getAttribute('data-status')).toBe('partial');
    expect(await page.getByTestId('sync-job').count()).toBe(5);
    await shot(page, 'syncqueue-campaign-tree');
    await navigate(page, '/queue');
    await page.locator('table tbody tr').filter({ hasText: 'Publish line item Queue check / Outbrain' }).waitFor();
    expect(problems).toEqual([]);
    await close();
  }, 120_000);

  it('opens with the address\'s search, and shows a job\'s edit screen without raw values', async () => {
    const core = harness.server.core;
    const job = (await core.model('sync-queue').findOne({ where: { name: 'Publish line item Queue check / Outbrain' }, raw: true })) as Row;
    const lineitem = (await core.model('lineitem').findOne({ where: { id: job.foreignId }, raw: true })) as Row;
    for (const language of ['de', 'en'] as const) {
      const { page, problems, close } = await signIn(harness, 'sysop@demo.test');
      if (language === 'en') await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.goto(`${harness.server.url}/syncqueue?search=Outbrain`);
      const listed = page.locator('table tbody tr');
      await listed.filter({ hasText: 'Publish line item Queue check / Outbrain' }).waitFor();
      await expect.poll(async () => (await listed.allTextContents()).every((row) => row.includes('Outbrain'))).toBe(true);
      expect(await page.locator('input[name=q]').inputValue()).toBe('Outbrain');

      await navigate(page, `/sync-queue/edit/${job.id}`);
      await settle(page, `${language === 'de' ? 'Sync-Job' : 'Sync job'} ${job.name}`);
      const form = page.locator('form');
      // The type and action read as words, the synchronised record by its name (a link), the channel by its name.
      await form.getByRole('combobox', { name: language === 'de' ? 'Typ' : 'Type' }).filter({ hasText: language === 'de' ? 'Line-Item' : 'Line item' }).waitFor();
      await form.getByRole('combobox', { name: language === 'de' ? 'Aktion' : 'Action' }).filter({ hasText: language === 'de' ? 'Anlegen' : 'Create' }).waitFor();
      await form.getByRole('combobox', { name: language === 'de' ? 'Kanal' : 'Channel' }).filter({ hasText: 'Outbrain' }).waitFor();
      const synced = page.getByTestId('synced-record');
      await synced.getByRole('link', { name: lineitem.name as string }).waitFor();
      expect(await synced.textContent()).not.toContain(String(job.foreignId));
      // The messages as a table of date and text, not as raw JSON.
      await form.locator('fieldset').filter({ hasText: language === 'de' ? 'Meldungen' : 'Messages' }).getByText('Failed for good: the technicians were informed.').waitFor();
      expect(await form.locator('textarea').filter({ hasText: '"message"' }).count()).toBe(0);
      await shot(page, `syncqueue-job-edit-${language}`);
      await synced.getByRole('link', { name: lineitem.name as string }).click();
      await page.waitForURL(`**/lineitem/update/${lineitem.id}`);
      expect(problems).toEqual([]);
      await close();
    }
  }, 120_000);
});
