/**
 * The sync-queue viewer in Chromium, in German and in English: a booking published with a channel the network
 * refuses leaves a failed job; the systemoperator finds it in the queue (not run and failed first), opens its
 * tree with breadcrumbs, reads its message log and climbs to the campaign's tree; a job's edit screen shows no
 * raw values. Job names and the log read in the reader's language; the German run shows no English sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '@adsuite/backend/kit';
import { translate } from '@adsuite/config/i18n/serverText';
import {
  expectNoEnglish, LANGUAGES, navigate, settle, shot, signIn, startHarness, stopHarness, type Harness, type Language,
} from '../../../admin/test/browser.ts';
import { messages } from './messages.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
  await publishWithOutbrainRefused();
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

describe.each(LANGUAGES)('the sync-queue viewer in %s', (language: Language) => {
  const text = (key: keyof typeof messages.de, values: Record<string, string | number> = {}) =>
    messages[language][key].replace(/%\{(\w+)\}/g, (_whole, name: string) => String(values[name]));
  const job = (type: 'campaign' | 'lineitem' | 'banner', name: string) => translate(language, `sync.job.${type}.create`, { name });
  const outbrainJob = job('lineitem', 'Queue check / Outbrain');
  /** The German run reads German: a job name, log line or label left in English fails here. */
  const readsGerman = (page: Parameters<typeof expectNoEnglish>[0], where: string) => expectNoEnglish(page, where, language);

  it('lists the failed job, shows its tree with breadcrumbs and messages, and climbs to the campaign', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { language });
    await navigate(page, '/syncqueue');
    await settle(page, text('title'));
    const failedRow = page.locator('table tbody tr').filter({ hasText: outbrainJob });
    await failedRow.waitFor();
    // Opens with the filter not run and failed: the seeded successful jobs are not listed.
    expect(await page.locator('table tbody tr').filter({ hasText: 'Summer Sale 2026' }).count()).toBe(0);
    await page.getByText(text('choose')).waitFor();
    await readsGerman(page, '/syncqueue');

    await failedRow.click();
    const entry = page.getByTestId('sync-job').first();
    await entry.waitFor();
    expect(await entry.getAttribute('data-status')).toBe('failed');
    await entry.getByText(text('notified')).first().waitFor();
    await entry.getByText(text('run_count', { count: 1 })).first().waitFor();
    await entry.getByText(translate(language, 'sync.failed_for_good')).waitFor();
    await entry.getByRole('button', { name: text('all') }).first().click();
    // The connector's refusal in the reader's language, money the German way in both (SPEC section 9).
    await entry.getByText(language === 'de' ? /^Outbrain \(Sandbox\) hat das Line Item abgelehnt.*30,00\s€/ : /^Outbrain \(sandbox\) refused the line item.*30,00\s€/).waitFor();
    await entry.getByText(translate(language, 'sync.queued')).first().waitFor();
    const crumbs = page.locator(`nav[aria-label="${text('tree')}"]`);
    await crumbs.getByText(job('campaign', 'Queue check')).waitFor();
    await readsGerman(page, '/syncqueue?job=(failed)');
    await shot(page, `syncqueue-failed-job-${language}`);

    await crumbs.getByText(job('campaign', 'Queue check')).click();
    const root = page.getByTestId('sync-job').first();
    await root.getByText(job('lineitem', 'Queue check / Platform 161')).waitFor();
    await root.getByText(job('banner', 'Queue banner / Platform 161')).waitFor();
    expect(await root.getAttribute('data-status')).toBe('partial');
    expect(await page.getByTestId('sync-job').count()).toBe(5);
    await readsGerman(page, '/syncqueue?job=(campaign)');
    await shot(page, `syncqueue-campaign-tree-${language}`);
    await navigate(page, '/queue');
    await page.locator('table tbody tr').filter({ hasText: outbrainJob }).waitFor();
    expect(problems).toEqual([]);
    await close();
  }, 120_000);

  it('opens with the address\'s search, and shows a job\'s edit screen without raw values', async () => {
    const core = harness.server.core;
    const stored = (await core.model('sync-queue').findOne({ where: { name: 'Queue check / Outbrain', type: 'lineitem' }, raw: true })) as Row;
    const lineitem = (await core.model('lineitem').findOne({ where: { id: stored.foreignId }, raw: true })) as Row;
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { language });
    await page.goto(`${harness.server.url}/syncqueue?search=Outbrain`);
    const listed = page.locator('table tbody tr');
    await listed.filter({ hasText: outbrainJob }).waitFor();
    await expect.poll(async () => (await listed.allTextContents()).every((row) => row.includes('Outbrain'))).toBe(true);
    expect(await page.locator('input[name=q]').inputValue()).toBe('Outbrain');

    await navigate(page, `/sync-queue/edit/${stored.id}`);
    await settle(page, `${language === 'de' ? 'Sync-Job' : 'Sync job'} ${stored.name}`);
    const form = page.locator('form');
    // The type and action read as words, the synchronised record by its name (a link), the channel by its name.
    await form.getByRole('combobox', { name: language === 'de' ? 'Typ' : 'Type' }).filter({ hasText: language === 'de' ? 'Line-Item' : 'Line item' }).waitFor();
    await form.getByRole('combobox', { name: language === 'de' ? 'Aktion' : 'Action' }).filter({ hasText: text('action_create') }).waitFor();
    await form.getByRole('combobox', { name: language === 'de' ? 'Kanal' : 'Channel' }).filter({ hasText: 'Outbrain' }).waitFor();
    const synced = page.getByTestId('synced-record');
    await synced.getByRole('link', { name: lineitem.name as string }).waitFor();
    expect(await synced.textContent()).not.toContain(String(stored.foreignId));
    // The messages as a table of date and text in the reader's language, not as raw JSON.
    const log = page.getByTestId('sync-job-messages');
    await log.getByText(text('messages')).waitFor();
    await log.getByText(translate(language, 'sync.failed_for_good')).waitFor();
    await log.getByText(translate(language, 'sync.queued')).waitFor();
    expect(await form.locator('textarea').filter({ hasText: '"message"' }).count()).toBe(0);
    await readsGerman(page, '/sync-queue/edit/:id');
    await shot(page, `syncqueue-job-edit-${language}`);
    await synced.getByRole('link', { name: lineitem.name as string }).click();
    await page.waitForURL(`**/lineitem/update/${lineitem.id}`);
    expect(problems).toEqual([]);
    await close();
  }, 120_000);
});
