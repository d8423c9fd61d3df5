/**
 * A report link in Chromium, in German and English, at 1400 and 390 px: the agency with Agency Client Two selected
 * opens the Instant Report of a Client One campaign. The server moves the selection (406), the admin reloads with
 * Client One selected and shows the report, saying why; the top bar's selector reads Client One. A campaign of an
 * advertiser the agency may not access lands on the portal's 403 page with its title.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  besides, expectNoEnglish, LANGUAGES, pathname, settle, shot, signIn, startHarness, stopHarness, type Harness,
} from '../../../admin/test/browser.ts';
import { SESSION_KEYS } from '@adsuite/config/session';
import { messages } from './instant/messages.ts';

let harness: Harness;
const ids = { one: '', two: '', oneCampaign: '', shopCampaign: '' };
/** The advertiser the admin sends in its Advertiser header. */
const selection = (page: Page) => page.evaluate((key) => localStorage.getItem(key), SESSION_KEYS.selectedAdvertiser);
const idOf = async (model: string, name: string) => String(((await harness.server.core.model(model).findOne({ where: { name }, raw: true })) as { id: string }).id);
const TITLE_403 = { de: 'Keine Berechtigung | AdSuite', en: 'Access denied | AdSuite' };
const SWITCHED = {
  de: 'Zugriff geändert: Sie sehen jetzt Agency Client One, zu dem dieser Eintrag gehört.',
  en: 'Access changed: you now see Agency Client One, which this belongs to.',
};

beforeAll(async () => {
  harness = await startHarness();
  Object.assign(ids, {
    one: await idOf('advertiser', 'Agency Client One'), two: await idOf('advertiser', 'Agency Client Two'),
    oneCampaign: await idOf('campaign', 'Client One Always-On'), shopCampaign: await idOf('campaign', 'Summer Sale 2026'),
  });
}, 600_000);

afterAll(async () => {
  await stopHarness(harness);
});

describe.each(LANGUAGES)('a report link of another client (%s)', (language) => {
  it.each(['desktop', 'phone'] as const)('switches the agency to the campaign\'s advertiser and shows the report; a foreign campaign is 403 (%s)', async (screen) => {
    // Agency Client Two is the agency's selection when it signs in.
    const token = await harness.server.token('agency@demo.test');
    expect((await harness.server.api('/api/auth/login', { method: 'PATCH', token, body: { selectedAdvertiser: ids.two } })).status).toBe(200);
    const visit = await signIn(harness, 'agency@demo.test', { language, screen });
    const { page, problems } = visit;
    try {
      expect(await selection(page)).toBe(ids.two);
      // The link, opened as a link from a mail is: a page load.
      await page.goto(`${harness.server.url}/campaign/stats/${ids.oneCampaign}`);
      await settle(page, `${messages[language].title}: Client One Always-On`, { timeout: 30_000 });
      expect(pathname(page)).toBe(`/campaign/stats/${ids.oneCampaign}`);
      await page.getByText(SWITCHED[language]).waitFor();
      expect(await selection(page)).toBe(ids.one);
      if (screen === 'desktop') expect(await page.locator('header [role="combobox"]').first().innerText()).toContain('Client One');
      await expectNoEnglish(page, 'Instant Report after the selection followed the link', language);
      await shot(page, `report-link-switched-${language}-${screen}`);
      expect(besides(problems, 406)).toEqual([]);

      // A campaign of an advertiser the agency does not reach: the 403 page with its title, no numbers.
      await page.goto(`${harness.server.url}/campaign/stats/${ids.shopCampaign}`);
      await page.waitForURL((url) => url.pathname === '/403', { timeout: 30_000 });
      await page.waitForFunction((title) => document.title === title, TITLE_403[language]);
      expect(await page.locator('h1').innerText()).not.toBe('');
      expect(await page.locator('body').innerText()).not.toContain('Summer Sale 2026');
      await shot(page, `report-link-forbidden-${language}-${screen}`);
    } finally {
      await visit.close();
    }
  }, 180_000);
});
