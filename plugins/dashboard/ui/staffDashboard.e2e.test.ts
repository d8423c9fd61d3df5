/**
 * The dashboard of staff in Chromium (issue 34, defects 1 and 4), in German and English: a systemoperator with no
 * advertiser selected sees the platform's overview (the counters the API counts, the active campaigns with the
 * most clicks); with an advertiser selected, "Your bookings" lists that advertiser's bookings alone, with that
 * advertiser's figures, and its balance banner words the case truthfully (0,50 EUR left: almost used up).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  besides, expectNoEnglish, LANGUAGES, shot, signIn, startHarness, stopHarness, type Harness, type Language,
} from '../../../admin/test/browser.ts';
import { messages } from './messages.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
}, 600_000);

afterAll(() => stopHarness(harness));

const LOCALE = { de: 'de-DE', en: 'en-GB' } as const;
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();

async function api(path: string, headers: Record<string, string> = {}) {
  return harness.server.api(path, { token: await harness.server.token('sysop@demo.test'), headers });
}
const countOf = async (resource: string, filter: Record<string, string>) =>
  Number(/\/(\d+)$/.exec((await api(`/api/${resource}?range=[0,0]&filter=${encodeURIComponent(JSON.stringify(filter))}`)).headers.get('Content-Range') ?? '')?.[1]);
const advertiserId = async (name: string) => ((await harness.server.core.model('advertiser').findOne({ where: { name }, raw: true })) as unknown as { id: string }).id;

/** Chooses an advertiser as the top bar's selector does: kept locally (the Advertiser header), the page reloaded. */
async function select(page: Page, advertiser: string | null) {
  await page.evaluate((id) => (id ? localStorage.setItem('selectedAdvertiser', id) : localStorage.removeItem('selectedAdvertiser')), advertiser);
  await page.reload();
  await page.getByTestId('greeting').waitFor();
}

/** The dashboard at 390 px, from a phone-sized window (widening a desktop one keeps its side menu open). */
async function phoneShot(language: Language, advertiser: string | null, name: string) {
  const { page, close } = await signIn(harness, 'sysop@demo.test', { language, screen: 'phone' });
  await page.setViewportSize({ width: 390, height: 844 });
  await select(page, advertiser);
  await page.getByTestId(advertiser ? 'bookings-table' : 'platform-overview').waitFor();
  await page.waitForTimeout(500);
  await shot(page, name);
  await close();
}

describe.each(LANGUAGES)('the dashboard of staff in %s', (language: Language) => {
  const text = messages[language];
  const count = (value: number) => new Intl.NumberFormat(LOCALE[language]).format(value);

  it('shows a systemoperator without an advertiser the platform\'s overview', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { language });
    await select(page, null);
    const overview = page.getByTestId('platform-overview');
    await overview.getByText(text.overview.title).waitFor();
    const expected: Record<string, number> = {
      waiting: await countOf('booking', { status: 'waiting for approval' }),
      ready: await countOf('booking', { status: 'pending' }),
      failed_jobs: await countOf('sync-queue', { status: 'failed' }),
      active_campaigns: await countOf('campaign', { status: 'active' }),
      advertisers: await countOf('advertiser', {}),
    };
    expect(expected.waiting).toBeGreaterThan(0);
    for (const [key, value] of Object.entries(expected)) {
      await expect.poll(async () => plain(await overview.getByTestId(`overview-${key}`).locator('[data-cell=count]').textContent()), { message: key }).toBe(count(value));
    }
    const reviews = Object.values((await (await api('/api/approval/count')).json()) as Record<string, number>).reduce((sum, value) => sum + value, 0);
    await expect.poll(async () => plain(await overview.getByTestId('overview-reviews').locator('[data-cell=count]').textContent())).toBe(count(reviews));
    expect(await overview.getByTestId('overview-waiting').locator('a').getAttribute('href')).toBe('/approvals');
    // The active campaigns, most clicks first, with the advertiser each belongs to.
    const active = (await (await api(`/api/campaign?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ status: 'active' }))}`)).json()) as { id: string; clicks: number | null }[];
    const rows = overview.getByTestId('overview-campaigns').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(Math.min(10, active.length));
    const clicks = (await rows.locator('[data-cell=clicks]').allTextContents()).map(plain);
    expect(clicks).toEqual([...active].sort((a, b) => (b.clicks ?? 0) - (a.clicks ?? 0)).slice(0, 10).map((row) => count(row.clicks ?? 0)));
    // The advertiser's parts wait until one is chosen.
    expect(await page.getByTestId('bookings-table').count()).toBe(0);
    expect(await page.getByTestId('analytics').count()).toBe(0);
    await expectNoEnglish(page, '/ as systemoperator without an advertiser', language);
    await shot(page, `dashboard-platform-${language}-1280`);
    expect(besides(problems)).toEqual([]);
    await close();
    await phoneShot(language, null, `dashboard-platform-${language}-390`);
  }, 120_000);

  it('lists only the selected advertiser\'s bookings, with its figures and its balance banner', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { language });
    const shop = await advertiserId('Demo Shop GmbH');
    await select(page, shop);
    const table = page.getByTestId('bookings-table');
    await table.locator('tbody tr').first().waitFor();
    const own = (await (await api(`/api/booking?range=[0,999]&filter=${encodeURIComponent(JSON.stringify({ advertiser: shop }))}`)).json()) as { name: string; status: string }[];
    const shown = (await table.locator('tbody tr [data-cell=name]').allTextContents()).sort();
    expect(shown).toEqual(own.filter((booking) => booking.status !== 'rejected').map((booking) => booking.name).sort());
    expect(shown).not.toContain('Other Shop Launch');
    // The figures are the selected advertiser's (the analytics the row belongs to).
    const analytics = (await (await api('/api/dashboard/analytics', { Advertiser: shop, Language: language })).json()) as { bookings: { name: string; clicks: number }[] };
    const summer = analytics.bookings.find((booking) => booking.name === 'Summer Sale 2026')!;
    expect(plain(await table.locator('tbody tr', { hasText: 'Summer Sale 2026' }).locator('[data-cell=clicks]').textContent())).toBe(count(summer.clicks));
    expect(await page.getByTestId('platform-overview').count()).toBe(0);
    await expectNoEnglish(page, '/ as systemoperator with Demo Shop', language);
    await shot(page, `dashboard-sysop-demo-shop-${language}`);

    // Agency Client Two: 0,50 EUR under the prepaid contracts of a finished campaign.
    await select(page, await advertiserId('Agency Client Two'));
    const banner = page.getByTestId('balance-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('data-level')).toBe('danger');
    expect(plain(await banner.textContent())).toContain(text.balance.almost_empty.replace('%{balance}', '0,50 €'));
    await expectNoEnglish(page, '/ as systemoperator with Agency Client Two', language);
    await shot(page, `dashboard-balance-banner-${language}-1280`);
    expect(besides(problems)).toEqual([]);
    await close();
    await phoneShot(language, await advertiserId('Agency Client Two'), `dashboard-balance-banner-${language}-390`);
  }, 120_000);
});
