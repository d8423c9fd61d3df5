/**
 * The member area in a real browser against the real server: every demo account signs in on the portal's
 * /login page and opens every page of the route table its role may open (SPEC section 6), one it may not
 * (/403) and an unknown one (/404); then the session rules, the layout and the generated screens' behaviour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { channelByKey, decideRoute, isRole, resourceByName, type RouteUser } from '@adsuite/config';
import { formatDay } from '../src/resources/format.ts';
import { ROUTES, type AppRoute } from '../src/routes/appRoutes.tsx';
import {
  account, ACCOUNTS, besides, firstRecord, heading, headingNow, LANGUAGES, languageProblems, navigate, openBrowser, pathname, rows, settle, shot, shownErrors,
  shownOn, signIn, startHarness, stopHarness, translatorFor, type Account, type Harness, type Language,
} from './browser.ts';

/** The portal's 403 and 404 pages in each language (portal/src/i18n). */
const FORBIDDEN = { de: 'Sie haben nicht die nötigen Berechtigungen, um diese Seite aufzurufen.', en: 'You don\'t have the required permissions to access this page.' };
const NOT_FOUND = { de: 'ENTSCHULDIGUNG! Die gesuchte Seite wurde nicht gefunden.', en: 'SORRY! The page you\'re looking for was not found.' };
const NOWHERE = '00000000-0000-4000-8000-000000000000';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(() => stopHarness(harness));

/** The address of a route for an account: its parameters filled with records the account sees. */
async function addressOf(route: AppRoute, who: Account, ids: Map<string, string | undefined>): Promise<string | undefined> {
  const idOf = async (resource: string) => {
    if (!ids.has(resource)) ids.set(resource, (await firstRecord(harness, who, resource))?.id);
    return ids.get(resource);
  };
  // A record's page opens with a record the account sees (`/booking/update/:id` a booking): typed deep links.
  const entity = route.screen?.resource ?? route.path.split('/')[1];
  let id: string | undefined = NOWHERE;
  if (route.screen?.screen === 'edit' || (route.path.includes(':id') && resourceByName[entity] && !route.path.startsWith('/campaign/'))) id = await idOf(entity);
  // The publisher's view of a campaign: one the publisher is invited to (none: nothing to open).
  else if (route.path.startsWith('/p/campaign/')) id = who.user.role === 'publisher' ? (await firstRecord(harness, who, 'invitation'))?.campaign as string | undefined : await idOf('campaign');
  // A campaign's statistics and approvals read the campaign: without one the account has nothing to open there.
  else if (route.path.includes('campaign')) id = await idOf('campaign');
  else if (route.path.startsWith('/subaccount/')) id = who.user.id;
  if (!id) return undefined;
  const catalog = route.path.includes(':catalog') ? await idOf('catalog') : 'none';
  if (!catalog) return undefined;
  return route.path.replace(':id', id).replace(':term', 'Demo').replace(':catalog', catalog);
}

const routeUserOf = (who: Account): RouteUser => {
  if (!isRole(who.user.role)) throw new Error(`unknown role ${who.user.role}`);
  return { role: who.user.role, parent: who.user.parent, selectedType: who.user.selectedType };
};

/**
 * Two sweeps at a time: the browser and the server each keep a core busy, and waiting on one overlaps the other.
 * `SWEEP_SHOTS=1` keeps a screenshot of every page.
 */
const SWEEPS_AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= SWEEPS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const SWEEPS = ACCOUNTS.flatMap((email) => LANGUAGES.map((language): [string, Language] => [email, language]));

describe('every demo account in the browser, in German and English', () => {
  it.concurrent.for(SWEEPS)('%s in %s opens every page its role may open in one language, is refused one it may not, and finds no unknown one', { timeout: 300_000 }, async ([email, language], { expect }) => inTurn(async () => {
    const started = Date.now();
    const who = await account(harness, email);
    const user = routeUserOf(who);
    const plan = ROUTES.map((route) => ({ route, decision: decideRoute(route.path, user) }));
    const { page, problems, close } = await signIn(harness, email, { language });
    const ids = new Map<string, string | undefined>();
    const opened: string[] = [];
    const skipped: string[] = [];
    const notOneLanguage: string[] = [];
    const unsettled: string[] = [];

    for (const { route } of plan.filter(({ decision }) => decision.open)) {
      const address = await addressOf(route, who, ids);
      if (!address) {
        skipped.push(route.path);
        continue;
      }
      await navigate(page, address);
      const title = route.title(translatorFor(language));
      const withRecord = route.path.includes(':');
      // A page that fails is noted and the sweep goes on, so that one run names every page that fails.
      // Two sweeps run at once: a page reading much (the search asks every resource) gets 20 s on a busy machine.
      const settled = await settle(page, title, { startsWith: withRecord, timeout: 20_000 }).then(() => true, async (error) => {
        await shot(page, `failed-${email}-${language}-${route.path.replace(/\W+/g, '_')}`);
        unsettled.push(`${address}: heading "${await headingNow(page)}", expected "${title}" (${error.message}); ${problems.splice(0).join('; ')}`);
        return false;
      });
      if (!settled) continue;
      expect.soft(pathname(page), address).toBe(address.split('?')[0]);
      expect.soft(await page.title(), address).toMatch(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.* \\| AdSuite$`));
      expect.soft(await shownErrors(page), address).toEqual([]);
      // Problems are charged to the page that caused them (late answers may land on the next one).
      expect.soft(problems.splice(0), address).toEqual([]);
      // One language end to end: an English text on the German page, a German one on the English page, a stored
      // value where its label belongs ('googleads', 'delivery') or a catalogue key, on any page, fails the sweep.
      notOneLanguage.push(...languageProblems(await shownOn(page), language).map((problem) => `${address}: ${problem}`));
      if (process.env.SWEEP_SHOTS) await shot(page, `sweep-${language}-${email.split('@')[0]}-${route.path.replace(/\W+/g, '_')}`);
      opened.push(route.path);
    }

    const refused = plan.find(({ decision }) => !decision.open && decision.to === '/403')!;
    await navigate(page, (await addressOf(refused.route, who, ids)) ?? refused.route.path);
    await page.waitForURL('**/403');
    await page.getByText(FORBIDDEN[language]).waitFor();

    await page.goto(`${harness.server.url}/no/such/page`);
    await page.waitForURL('**/404');
    await page.getByText(NOT_FOUND[language]).waitFor();

    expect(problems).toEqual([]);
    expect(unsettled).toEqual([]);
    expect(notOneLanguage).toEqual([]);
    expect(opened.length).toBeGreaterThan(2);
    console.info(`${email} (${language}): ${opened.length} pages opened, ${skipped.length} without a record to open (${skipped.join(', ')}), refused ${refused.route.path}, ${Math.round((Date.now() - started) / 100) / 10} s`);
    await close();
  }));

  it('sends accounting from the dashboard to the advertisers and the publisher to its area', async () => {
    for (const [email, target] of [['accounting@demo.test', '/advertisers'], ['publisher@demo.test', '/p']]) {
      const { page, problems, close } = await signIn(harness, email);
      await page.goto(`${harness.server.url}/`);
      await page.waitForURL(`**${target}`);
      expect(problems).toEqual([]);
      await close();
    }
  });
});

describe('the systemoperator\'s lists of an advertiser, in German and English', () => {
  const PAGES = ['/lineitems', '/events', '/contracts', '/campaignlogs', '/campaignlogsnew', '/syncqueue', '/domainlists', '/banners', '/transactions'];

  it.for(LANGUAGES)('show stored values by their labels and MUI\'s paging in %s', { timeout: 240_000 }, async (language) => {
    const demoShop = (await account(harness, 'advertiser@demo.test')).user.selectedAdvertiser!;
    const translate = translatorFor(language);
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { language });
    await page.evaluate((id) => {
      localStorage.setItem('selectedType', 'advertiser');
      localStorage.setItem('selectedAdvertiser', id);
    }, demoShop);
    await page.reload();
    await heading(page).waitFor();
    const wrong: string[] = [];
    for (const address of PAGES) {
      await navigate(page, address);
      const route = ROUTES.find((candidate) => candidate.path === address)!;
      await settle(page, route.title(translate));
      // The line items (the demo shop has some) read their channels by name, not by key.
      if (address === '/lineitems') await rows(page).first().waitFor();
      wrong.push(...languageProblems(await shownOn(page), language).map((problem) => `${address}: ${problem}`));
      await shot(page, `sysop-lists-${language}${address.replace(/\W+/g, '_')}`);
    }
    // The ledger's paging in the reader's words ('1-10 von 448', 'Gehe zur nächsten Seite'): a ledger of more than a page.
    const sysop = await harness.server.token('sysop@demo.test');
    for (let entry = 0; entry < 11; entry += 1) {
      const booked = await harness.server.api(`/api/advertiser/${demoShop}/manual-entry`, {
        method: 'POST', token: sysop, headers: { 'Idempotency-Key': `paging-${language}-${entry}` }, body: { direction: 'credit', amount: 1, reason: `Paging ${entry}` },
      });
      expect(booked.status).toBe(201);
    }
    await navigate(page, `/advertiser/finances?advertiser=${demoShop}`);
    await settle(page, translate('app.advertiser_finances.title'));
    const paging = page.getByTestId('ledger').locator('.MuiTablePagination-root');
    await paging.waitFor();
    expect(await paging.locator('.MuiTablePagination-displayedRows').innerText()).toMatch(language === 'de' ? /^1-\d+ von \d+$/ : /^1-\d+ of \d+$/);
    expect(await paging.locator('button').last().getAttribute('aria-label')).toBe(translate('ra.navigation.next'));
    wrong.push(...languageProblems(await shownOn(page), language).map((problem) => `/advertiser/finances: ${problem}`));
    await shot(page, `sysop-ledger-paging-${language}`);
    expect(wrong).toEqual([]);
    expect(besides(problems)).toEqual([]);
    await close();
  });
});

describe('the session', () => {
  it('sends a visitor without a session to the portal\'s sign-in page, saying why', async () => {
    const { page, problems, close } = await openBrowser(harness);
    await page.goto(`${harness.server.url}/bookings`);
    await page.waitForURL('**/login?unauthorized=1');
    await page.getByText('Bitte melden Sie sich an, um den Mitgliederbereich zu betreten.').waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('sends an unknown path to the portal\'s 404 page also without a session, not to the sign-in (SPEC section 2)', async () => {
    const { page, problems, close } = await openBrowser(harness);
    await page.goto(`${harness.server.url}/no/such/page`);
    await page.waitForURL('**/404');
    await page.getByText(NOT_FOUND.de).waitFor();
    expect(await page.locator('main a[href="/landing"]').count()).toBe(1);
    expect(problems).toEqual([]);
    await close();
  });

  it('signs out from the top bar', async () => {
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test');
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${harness.server.url}/bookings`);
    await page.waitForURL('**/login?unauthorized=1');
    expect(problems).toEqual([]);
    await close();
  });

  it.each([['de', 'Zugang abgelaufen.'], ['en', 'Access Expired.']])('signs out when the server no longer accepts the token (401) and says so (%s)', async (language, said) => {
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test');
    await page.evaluate(([token, chosen]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('language', chosen);
    }, ['no-longer-valid', language]);
    await page.goto(`${harness.server.url}/bookings`);
    await page.waitForURL('**/login?unauthorized=1');
    await page.getByText(said, { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await shot(page, `access-expired-${language}`);
    expect(besides(problems, 401)).toEqual([]);
    await close();
  });

  it('ends a session idle for over an hour at the next page change', async () => {
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test');
    await page.evaluate(() => localStorage.setItem('created', String(Date.now() - 2 * 3_600_000)));
    await navigate(page, '/bookings');
    await page.waitForURL('**/login?idle=1');
    await page.getByText('Aufgrund von Inaktivität ist Ihre Sitzung abgelaufen. Bitte melden Sie sich erneut an').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(problems).toEqual([]);
    await close();
  });

  it('takes the server\'s selection when the selected advertiser is out of reach (406) and says "Access changed."', async () => {
    const sysop = await harness.server.token('sysop@demo.test');
    const all = (await (await harness.server.api('/api/advertiser?range=[0,99]', { token: sysop })).json()) as { id: string }[];
    const own = await account(harness, 'advertiser@demo.test');
    const { advertiserIds } = (await (await harness.server.api('/api/auth/login', { token: own.token })).json()) as { advertiserIds: string[] };
    const foreign = all.find((advertiser) => !advertiserIds.includes(advertiser.id))!;
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test');
    await page.evaluate((id) => localStorage.setItem('selectedAdvertiser', id), foreign.id);
    await page.goto(`${harness.server.url}/bookings`);
    await page.getByText('Zugang geändert.').waitFor();
    await rows(page).first().waitFor();
    expect(advertiserIds).toContain(await page.evaluate(() => localStorage.getItem('selectedAdvertiser')));
    expect(besides(problems, 406)).toEqual([]);
    await close();
  });
});

describe('the layout', () => {
  it('gives the systemoperator the search box, the panel sections, the clock and the full-width dashboards', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test');
    await page.getByTestId('menu-panel').click();
    expect(await page.locator('[data-section]').evaluateAll((sections) => sections.map((s) => s.getAttribute('data-section'))))
      .toEqual(['management', 'adtech', 'admin', 'sysop']);
    await shot(page, 'sysop-panel');
    await page.getByTestId('app-clock').filter({ hasText: / GMT$/ }).waitFor();

    const search = page.locator('input[name=topbar-search]');
    await search.fill('Demo Shop');
    await page.getByRole('option', { name: 'Demo Shop GmbH' }).waitFor();
    await shot(page, 'sysop-search-box');
    await search.press('Enter');
    await page.waitForURL('**/search/Demo%20Shop');
    await page.getByTestId('search-stats').filter({ hasText: / ms$/ }).waitFor();
    await page.locator('[data-entity=advertiser]').getByText('Demo Shop GmbH').waitFor();
    await shot(page, 'sysop-search');
    await navigate(page, '/search/nothing-like-this');
    await page.getByText('Leider sind keine Ergebnisse vorhanden.').waitFor();

    await navigate(page, '/affiliate');
    await settle(page, 'Affiliate-Dashboard');
    expect(await page.locator('.RaSidebar-fixed').count()).toBe(0);
    await shot(page, 'sysop-affiliate-full-width');
    expect(problems).toEqual([]);
    await close();
  });

  it('gives an advertiser the container code, the finance link and no search box or clock', async () => {
    const who = await account(harness, 'advertiser@demo.test');
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test');
    await page.getByRole('button', { name: 'Container-Code', exact: true }).click();
    await expect.poll(() => page.getByTestId('container-script').textContent())
      .toBe(`<script>window.adsuite = window.adsuite || []; adsuite.push(['front']);</script>\n<script src="${harness.server.url}/c/${who.user.selectedAdvertiser}.js" async></script>`);
    await shot(page, 'advertiser-container-code');
    await page.getByRole('button', { name: 'Schließen' }).click();
    await page.getByRole('link', { name: 'Finanzen' }).click();
    await settle(page, 'Finanzen');
    expect(await page.locator('input[name=topbar-search]').count()).toBe(0);
    expect(await page.getByTestId('app-clock').count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });

  it('hides finances and the booking call to action from a viewer', async () => {
    const { page, problems, close } = await signIn(harness, 'viewer@demo.test');
    expect(await page.getByRole('link', { name: 'Finanzen' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Neue Buchung anlegen' }).count()).toBe(0);
    await shot(page, 'viewer-dashboard');
    expect(problems).toEqual([]);
    await close();
  });

  it('lets an agency switch the active advertiser and lists that advertiser\'s bookings', async () => {
    const who = await account(harness, 'agency@demo.test');
    const { advertisers } = (await (await harness.server.api('/api/auth/login', { token: who.token })).json()) as { advertisers: { id: string; name: string }[] };
    const { page, problems, close } = await signIn(harness, 'agency@demo.test');
    const before = await page.evaluate(() => localStorage.getItem('selectedAdvertiser'));
    const other = advertisers.find((advertiser) => advertiser.id !== before)!;
    await page.getByRole('combobox', { name: 'Werbetreibender' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: other.name }).click()]);
    expect(await page.evaluate(() => localStorage.getItem('selectedAdvertiser'))).toBe(other.id);
    const bookingsOf = async (advertiser: string) => ((await (await harness.server.api('/api/booking?range=[0,99]', { token: who.token, headers: { Advertiser: advertiser } })).json()) as { name: string }[])
      .map((booking) => booking.name);
    const [theirs, previous] = [await bookingsOf(other.id), await bookingsOf(before!)];
    expect(theirs.length).toBeGreaterThan(0);
    await navigate(page, '/bookings');
    await rows(page).first().waitFor();
    const listed = () => rows(page).allTextContents();
    await expect.poll(async () => (await listed()).every((row) => theirs.some((name) => row.includes(name)))).toBe(true);
    expect((await listed()).some((row) => previous.some((name) => !theirs.includes(name) && row.includes(name)))).toBe(false);
    expect(problems).toEqual([]);
    await close();
  });

  it('fits a phone: logo, the selector with names cut to 7 characters and one menu for profile, finances and logout', async () => {
    const { page, problems, close } = await signIn(harness, 'agency@demo.test', { screen: 'phone' });
    const selector = page.getByRole('combobox', { name: 'Werbetreibender' });
    await expect.poll(() => selector.textContent()).toMatch(/^Agency …$/);
    expect(await page.getByRole('link', { name: 'AdSuite' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Abmelden' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'phone-top-bar');
    await page.getByRole('button', { name: 'Menü', exact: true }).click();
    for (const item of ['Profil', 'Finanzen', 'Container-Code', 'English', 'Abmelden']) await page.getByRole('menuitem', { name: item }).waitFor();
    // the menu fades in: the screenshot waits for it
    await expect.poll(() => page.locator('.MuiMenu-paper').evaluate((paper) => getComputedStyle(paper).opacity)).toBe('1');
    await shot(page, 'phone-top-bar-menu');
    await page.getByRole('menuitem', { name: 'Finanzen' }).click();
    await settle(page, 'Finanzen');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Menü', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(problems).toEqual([]);
    await close();
  });

  it('lets the systemoperator switch to the publisher and lands in the publisher area', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test');
    await page.getByRole('combobox', { name: 'Werbetreibender / Publisher' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: '(P) Demo Publisher' }).click()]);
    await page.waitForURL('**/p/');
    await settle(page, 'Publisher-Bereich');
    await page.goto(`${harness.server.url}/`);
    await page.waitForURL('**/p');
    expect(problems).toEqual([]);
    await close();
    // Back to working as an advertiser, for the tests that follow.
    const token = await harness.server.token('sysop@demo.test');
    await harness.server.api('/api/auth/login', { method: 'PATCH', token, body: { selectedType: 'advertiser', selectedPublisher: null } });
  });
});

describe('the layout at SPEC\'s breakpoints (1400, 1200, 992 px)', () => {
  it('keeps a list\'s last columns and delete buttons and a long title beside the selector on a 1280 px screen', async () => {
    const sysop = await account(harness, 'sysop@demo.test');
    const job = (await firstRecord(harness, sysop, 'sync-queue'))!;
    for (const language of ['de', 'en'] as const) {
      const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { screen: 'laptop' });
      if (language === 'en') await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.goto(`${harness.server.url}/campaigns`);
      await rows(page).first().waitFor();
      const content = page.locator('.RaList-content');
      const [inner, shown] = await content.evaluate((element) => [element.scrollWidth, element.clientWidth]);
      expect(inner).toBeLessThanOrEqual(shown);
      const lastHeader = await page.locator('thead th').last().boundingBox();
      const deleteButton = await rows(page).first().getByRole('button', { name: language === 'de' ? 'Löschen' : 'Delete' }).boundingBox();
      expect(lastHeader!.x + lastHeader!.width).toBeLessThanOrEqual(1280);
      expect(deleteButton!.x + deleteButton!.width).toBeLessThanOrEqual(1280);
      expect(await page.locator('th.column-created').count()).toBe(1);
      await shot(page, `laptop-campaigns-${language}`);

      await navigate(page, `/sync-queue/edit/${job.id}`);
      await settle(page, language === 'de' ? 'Sync-Job' : 'Sync job', { startsWith: true });
      const title = (await page.locator('#react-admin-title').boundingBox())!;
      const selector = (await page.getByRole('combobox', { name: language === 'de' ? 'Werbetreibender / Publisher' : 'Advertiser / publisher' }).boundingBox())!;
      expect(title.x + title.width).toBeLessThanOrEqual(selector.x);
      // The whole title shows, on two lines at most.
      expect(await page.locator('#react-admin-title > span').evaluate((span) => span.scrollHeight <= span.clientHeight + 1)).toBe(true);
      await shot(page, `laptop-long-title-${language}`);
      expect(problems).toEqual([]);
      await close();
    }
  });

  it('folds the top bar\'s buttons into the menu and drops the creation date below 1200 px', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { screen: 'laptop' });
    await page.setViewportSize({ width: 1100, height: 800 });
    await navigate(page, '/campaigns');
    await rows(page).first().waitFor();
    expect(await page.getByRole('button', { name: 'Abmelden' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Menü', exact: true }).waitFor();
    expect(await page.locator('input[name=topbar-search]').count()).toBe(1);
    expect(await page.locator('th.column-created').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1100);
    await shot(page, 'medium-campaigns');
    await page.setViewportSize({ width: 992, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(992);
    expect(problems).toEqual([]);
    await close();
  });

  it('keeps a booking template and its title within a phone\'s width', async () => {
    const sysop = await account(harness, 'sysop@demo.test');
    const template = (await firstRecord(harness, sysop, 'bookingtemplate'))!;
    for (const language of ['de', 'en'] as const) {
      const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { screen: 'phone' });
      if (language === 'en') await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.goto(`${harness.server.url}/bookingtemplate/update/${template.id}`);
      await expect.poll(() => page.locator('input[name=name]').inputValue()).toBe(template.name);
      await page.getByTestId('template-bookings').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const title = (await page.locator('#react-admin-title').boundingBox())!;
      const selector = (await page.getByRole('combobox').first().boundingBox())!;
      expect(title.x + title.width).toBeLessThanOrEqual(selector.x);
      await shot(page, `phone-bookingtemplate-${language}`);
      expect(problems).toEqual([]);
      await close();
    }
  });
});

describe('generated screens', () => {
  it('show an advertiser its bookings in German, without the advertiser column, with a create button', async () => {
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test');
    await navigate(page, '/bookings');
    await settle(page, 'Buchungen');
    await rows(page).first().waitFor();
    expect(await page.title()).toBe('Buchungen | AdSuite');
    expect(await page.locator('th.column-advertiser').count()).toBe(0);
    await expect.poll(() => page.locator('a[href="/booking/create"]').count()).toBeGreaterThan(0);
    // statuses read in German
    await expect.poll(async () => (await page.locator('td.column-status').allTextContents()).some((text) => /Aktiv|Pausiert|Beendet|Bereit/.test(text))).toBe(true);
    await shot(page, 'advertiser-bookings');
    expect(problems).toEqual([]);
    await close();
  });

  it('open a booking by its deep link /booking/update/<id> with the form filled in', async () => {
    const who = await account(harness, 'advertiser@demo.test');
    const booking = (await firstRecord(harness, who, 'booking'))!;
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test');
    await page.goto(`${harness.server.url}/booking/update/${booking.id}`);
    await expect.poll(() => page.locator('input[name=name]').inputValue()).toBe(booking.name);
    // the page title: the route's title (the booking plugin's edit screen), then the suite
    expect(await page.title()).toMatch(/^Buchung .+ \| AdSuite$/);
    expect(problems).toEqual([]);
    await close();
  });

  it('show a viewer the bookings without create, edit or delete', async () => {
    const { page, problems, close } = await signIn(harness, 'viewer@demo.test');
    await navigate(page, '/bookings');
    await rows(page).first().waitFor();
    expect(await page.locator('a[href="/booking/create"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Löschen' }).count()).toBe(0);
    await rows(page).first().click();
    expect(pathname(page)).toBe('/bookings');
    expect(problems).toEqual([]);
    await close();
  });

  it('give accounting the runtime and invoice name columns on campaigns and no create button', async () => {
    const { page, problems, close } = await signIn(harness, 'accounting@demo.test');
    await navigate(page, '/campaigns');
    await rows(page).first().waitFor();
    expect(await page.locator('th.column-runtime').count()).toBe(1);
    expect(await page.locator('th.column-invoiceItemName').count()).toBe(1);
    // no populated columns for accounting
    expect(await page.locator('th.column-advertiser').count()).toBe(0);
    expect(await page.locator('a[href="/campaign/new"]').count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });

  it('scroll a wide list inside its card instead of widening the page', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { screen: 'phone' });
    await navigate(page, '/campaigns');
    await rows(page).first().waitFor();
    const card = page.locator('.RaList-content');
    const [inner, shown] = await card.evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(inner).toBeGreaterThan(shown);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await card.evaluate((element) => element.scrollBy(200, 0));
    await shot(page, 'phone-wide-list');
    expect(problems).toEqual([]);
    await close();
  });

  it('give the advertiser filter on graphics and the advertiser and campaign columns of catalogs and segments to the systemoperator only', async () => {
    for (const [email, sysop] of [['sysop@demo.test', true], ['admin@demo.test', false]] as const) {
      const { page, problems, close } = await signIn(harness, email);
      await navigate(page, '/graphics');
      await settle(page, 'Grafiken');
      await page.getByTestId('graphics-library').locator('[data-testid=library-rows], [data-testid=library-empty]').first().waitFor();
      expect(await page.getByTestId('advertiser-picker').count(), email).toBe(sysop ? 1 : 0);
      for (const [list, title, columns] of [['/catalogs', 'Kataloge', ['advertiser', 'campaigns']], ['/segments', 'Segmente', ['advertiser']]] as const) {
        await navigate(page, list);
        await settle(page, title);
        await rows(page).first().waitFor();
        for (const column of columns) expect(await page.locator(`th.column-${column}`).count(), `${email} ${list} ${column}`).toBe(sysop ? 1 : 0);
      }
      expect(problems).toEqual([]);
      await close();
    }
  });

  it('show industry codes by their names in the list and the form', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test');
    await navigate(page, '/advertisers?search=Demo%20Shop');
    const row = rows(page).filter({ hasText: 'Demo Shop GmbH' });
    await row.locator('td.column-industry', { hasText: 'Mode und Bekleidung' }).waitFor();
    await row.click();
    await page.waitForURL(/\/advertiser\/edit\//);
    await page.getByRole('combobox', { name: 'Branche' }).filter({ hasText: 'Mode und Bekleidung' }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('show server validation errors at the field and in a notification', async () => {
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test');
    await navigate(page, '/host/new');
    await page.fill('input[name=name]', 'not a host');
    await page.click('form button[type=submit]');
    const message = 'Bitte geben Sie einen Hostnamen wie shop.example.com ein.';
    await expect.poll(() => page.getByText(message).count()).toBeGreaterThanOrEqual(2);
    expect(pathname(page)).toBe('/host/new');
    await shot(page, 'advertiser-host-server-error');
    expect(besides(problems, 400)).toEqual([]);
    await close();
  });

  it('create a record and return to the list with a success message, then save a change', async () => {
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test');
    await navigate(page, '/host/new');
    await page.fill('input[name=name]', 'e2e.shop.test');
    await page.click('form button[type=submit]');
    await page.waitForURL('**/hosts');
    await page.getByText('Eintrag erfolgreich erstellt').waitFor();
    await rows(page).filter({ hasText: 'e2e.shop.test' }).click();
    await page.waitForURL(/\/host\/edit\//);
    await page.locator('input[name=name]').fill('e2e-renamed.shop.test');
    await page.click('form button[type=submit]');
    await page.waitForURL('**/hosts');
    await page.getByText('Eintrag erfolgreich gespeichert').waitFor();
    await page.getByText('e2e-renamed.shop.test').waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('land react-admin\'s own resource links on the SPEC paths', async () => {
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test');
    await navigate(page, '/booking');
    await page.waitForURL('**/bookings');
    await navigate(page, '/segment/create');
    await page.waitForURL('**/segment/new');
    await page.locator('input[name=name]').waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('let the systemoperator delete (archive) a record and recover it from the deleted ones', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test');
    await navigate(page, '/verticals');
    const first = rows(page).first();
    await first.waitFor();
    const name = (await first.locator('td.column-name').textContent())!;
    await first.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Branche gelöscht.').waitFor();
    await expect.poll(() => page.locator('td.column-name', { hasText: name }).count()).toBe(0);
    await page.getByText('Gelöschte anzeigen').click();
    await rows(page).filter({ hasText: name }).getByRole('button', { name: 'Wiederherstellen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Wiederherstellen' }).click();
    await page.getByText('Branche wiederhergestellt.').waitFor();
    await page.getByText('Gelöschte anzeigen').click();
    await expect.poll(() => page.locator('td.column-name', { hasText: name }).count()).toBe(1);
    expect(problems).toEqual([]);
    await close();
  });

  it('search a list by its address and show an address\'s filter where the user can remove it (SPEC section 2)', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test');
    await navigate(page, '/campaigns?search=Summer');
    await settle(page, 'Kampagnen');
    await expect.poll(async () => (await rows(page).allTextContents()).map((row) => row.includes('Summer Sale 2026'))).toEqual([true]);
    expect(await page.locator('input[name=q]').inputValue()).toBe('Summer');
    expect(problems).toEqual([]);
    await close();

    // The wizard's 'Ad-Tags' entry: the creatives of type HTML ad, a filter shown in the filter bar.
    const wizard = await signIn(harness, 'wizard@demo.test');
    await wizard.page.getByTestId('menu-panel').click();
    await wizard.page.getByRole('menuitem', { name: 'Ad-Tags' }).click();
    await settle(wizard.page, 'Werbemittel');
    const typeFilter = wizard.page.locator('.RaFilterFormInput-body[data-source=bannerType], [data-source=bannerType]').first();
    await typeFilter.getByText('HTML-Anzeige (Ad-Tag)').waitFor();
    await shot(wizard.page, 'wizard-ad-tags-filter');
    await typeFilter.locator('.RaFilterFormInput-hideButton').click();
    await expect.poll(() => wizard.page.locator('[data-source=bannerType]').count()).toBe(0);
    await rows(wizard.page).first().waitFor();
    expect(new URL(wizard.page.url()).searchParams.get('filter') ?? '').not.toContain('bannerType');
    expect(wizard.problems).toEqual([]);
    await wizard.close();
  });

  it('name a record by its title, not an id, and give the JSON parts SPEC names real inputs', async () => {
    const sysop = await account(harness, 'sysop@demo.test');
    const usage = (await firstRecord(harness, sysop, 'couponusage'))!;
    const coupon = await (await harness.server.api(`/api/coupon/${usage.coupon}`, { token: sysop.token })).json();
    const banner = (await firstRecord(harness, sysop, 'banner'))!;
    const lineitem = (await firstRecord(harness, sysop, 'lineitem'))!;
    await harness.server.core.model('lineitem').update(
      { reviews: { [lineitem.channel]: { status: 'rejected', reason: 'Blurry image', comment: 'Please upload a sharper one' } } },
      { where: { id: lineitem.id } },
    );
    for (const language of ['de', 'en'] as const) {
      const { page, problems, close } = await signIn(harness, 'sysop@demo.test');
      if (language === 'en') await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.goto(`${harness.server.url}/couponusage/edit/${usage.id}`);
      await settle(page, `${language === 'de' ? 'Gutscheineinlösung' : 'Coupon redemption'} ${coupon.name}`);
      expect(await page.title()).toBe(`${language === 'de' ? 'Gutscheineinlösung' : 'Coupon redemption'} ${coupon.name} | AdSuite`);

      await navigate(page, `/banner/edit/${banner.id}`);
      await page.locator('input[name="thumbnail.width"]').waitFor();
      for (const part of ['thumbnail.height', 'thumbnail.downloadLink', 'video.name', 'video.downloadLink', 'graphic.downloadLink']) {
        expect(await page.locator(`input[name="${part}"]`).count(), part).toBe(1);
      }
      expect(await page.locator('textarea.MuiInputBase-inputMultiline[name=thumbnail]').count()).toBe(0);
      const thumbnail = { width: language === 'de' ? 300 : 320, height: 250, downloadLink: `https://shop.demo.test/media/thumb-${language}.png` };
      await page.locator('input[name="thumbnail.width"]').fill(String(thumbnail.width));
      await page.locator('input[name="thumbnail.height"]').fill(String(thumbnail.height));
      await page.locator('input[name="thumbnail.downloadLink"]').fill(thumbnail.downloadLink);
      await shot(page, `banner-json-parts-${language}`);
      await page.click('form button[type=submit]');
      await page.getByText(language === 'de' ? 'Eintrag erfolgreich gespeichert' : 'Entity updated successfully').waitFor();
      await expect.poll(async () => (await (await harness.server.api(`/api/banner/${banner.id}`, { token: sysop.token })).json()).thumbnail).toEqual(thumbnail);

      await navigate(page, `/lineitem/edit/${lineitem.id}`);
      const reviews = page.getByTestId('reviews');
      await reviews.getByText('Blurry image').waitFor();
      await reviews.getByText(language === 'de' ? 'Abgelehnt' : 'Rejected').waitFor();
      await shot(page, `lineitem-reviews-${language}`);
      expect(problems).toEqual([]);
      await close();
    }
  });

  it('switch the language to English', async () => {
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test');
    await navigate(page, '/bookings');
    await settle(page, 'Buchungen');
    await page.getByRole('button', { name: /deutsch/i }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await settle(page, 'Bookings');
    expect(await page.title()).toBe('Bookings | AdSuite');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    expect(problems).toEqual([]);
    await close();
  });
});

describe('JSON parts and dates on the generated screens (issue 10, defect 13; SPEC sections 3 and 9)', () => {
  const LAPTOP = { width: 1280, height: 800 };
  const PHONE = { width: 390, height: 844 };
  /** The names of the form's text areas that hold JSON as it is stored (the raw editor). */
  const rawJsonEditors = (page: Page, resource: string) => page.locator('form textarea[name]').evaluateAll(
    (areas, fields) => areas.map((area) => (area as HTMLTextAreaElement).name).filter((name) => fields.includes(name)),
    Object.entries(resourceByName[resource].fields).filter(([, field]) => field.type === 'json').map(([key]) => key),
  );
  const chipsOf = (page: Page, source: string) => page.locator(`.ra-input-${source.replace(/\./g, '\\.')} .MuiChip-label`).allTextContents();
  const api = async (who: Account, path: string) => (await harness.server.api(path, { token: who.token, headers: who.headers })).json();

  it('give a banner\'s channels a chooser by name and its JSON parts inputs, no JSON editor, in German and English on a laptop and a phone', async () => {
    const wizard = await account(harness, 'wizard@demo.test');
    const banner = (await firstRecord(harness, wizard, 'banner'))!;
    const names = (banner.channels as string[]).map((key) => channelByKey[key].name);
    expect(names.length).toBeGreaterThan(0);
    for (const language of ['de', 'en'] as const) {
      const { page, problems, close } = await signIn(harness, 'wizard@demo.test', { screen: 'laptop' });
      if (language === 'en') await page.evaluate(() => localStorage.setItem('language', 'en'));
      for (const viewport of [LAPTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await page.goto(`${harness.server.url}/banner/edit/${banner.id}`);
        await page.locator('input[name="thumbnail.width"]').waitFor();
        await expect.poll(() => chipsOf(page, 'channels')).toEqual(names);
        expect(await rawJsonEditors(page, 'banner')).toEqual([]);
        await page.getByText(language === 'de' ? 'Noch nicht geprüft' : 'Not reviewed yet').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await shot(page, `banner-channels-${language}-${viewport.width}`);
      }
      expect(problems).toEqual([]);
      await close();
    }

    // A channel is chosen by its name and stored by its key.
    const { page, problems, close } = await signIn(harness, 'wizard@demo.test');
    await page.goto(`${harness.server.url}/banner/edit/${banner.id}`);
    await page.getByRole('combobox', { name: 'Kanäle' }).click();
    await page.getByRole('option', { name: 'Instagram' }).click();
    await page.keyboard.press('Escape');
    await page.click('form button[type=submit]');
    await page.getByText('Eintrag erfolgreich gespeichert').waitFor();
    expect((await api(wizard, `/api/banner/${banner.id}`)).channels).toEqual([...banner.channels, 'instagram']);
    expect(problems).toEqual([]);
    await close();
  });

  it('give a line item\'s specifics inputs (bid ranges, Google Ads keywords as chips) and show its pending changes as a table', async () => {
    const sysop = await account(harness, 'sysop@demo.test');
    const lineitem = (await firstRecord(harness, sysop, 'lineitem'))!;
    await harness.server.core.model('lineitem').update({
      specifics: { bidding: { changeRange: 10, okRange: 5 }, gads: { keywords: ['shoes', 'summer sale'] } },
      changes: { dailyBudget: { old: 5, new: 10 }, landingDomain: { old: 'shop.demo.test', new: 'sale.shop.demo.test' } },
    }, { where: { id: lineitem.id } });
    for (const language of ['de', 'en'] as const) {
      const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { screen: 'laptop' });
      if (language === 'en') await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.goto(`${harness.server.url}/lineitem/edit/${lineitem.id}`);
      await expect.poll(() => page.locator('input[name="specifics.bidding.changeRange"]').inputValue()).toBe('10');
      expect(await page.locator('input[name="specifics.bidding.okRange"]').inputValue()).toBe('5');
      expect(await chipsOf(page, 'specifics.gads.keywords')).toEqual(['shoes', 'summer sale']);
      const changes = page.getByTestId('changes');
      expect(await changes.locator('thead th').allTextContents()).toEqual(language === 'de' ? ['Feld', 'Bisher', 'Neu'] : ['Field', 'Before', 'New']);
      expect(await changes.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))))
        .toEqual([[language === 'de' ? 'Tagesbudget' : 'Daily budget', '5', '10'], [language === 'de' ? 'Landing-Domain' : 'Landing domain', 'shop.demo.test', 'sale.shop.demo.test']]);
      expect(await rawJsonEditors(page, 'lineitem')).toEqual([]);
      await shot(page, `lineitem-specifics-changes-${language}`);
      // Last, as the values above are the seeded ones.
      if (language === 'en') {
        await page.locator('input[name="specifics.bidding.changeRange"]').fill('12');
        await page.click('form button[type=submit]');
        await page.getByText('Entity updated successfully').waitFor();
        expect((await api(sysop, `/api/lineitem/${lineitem.id}`)).specifics)
          .toEqual({ bidding: { changeRange: 12, okRange: 5 }, gads: { keywords: ['shoes', 'summer sale'] }, activateLater: false });
      }
      expect(problems).toEqual([]);
      await close();
    }
  });

  it('give a user\'s stat preferences a row of inputs each and show its dates as DD-MM-YYYY HH:mm', async () => {
    const sysop = await account(harness, 'sysop@demo.test');
    const [login] = await api(sysop, `/api/login?filter=${encodeURIComponent(JSON.stringify({ q: 'advertiser@demo.test' }))}`);
    await harness.server.core.model('login').update(
      { statPreferences: [{ statType: 'publisher', statColumns: ['name', 'impressions', 'clicks'], statSortBy: 'clicks', statSortOrder: 'DESC' }] },
      { where: { id: login.id } },
    );
    expect(login.doi).toBeTruthy();
    for (const language of ['de', 'en'] as const) {
      const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { screen: 'laptop' });
      if (language === 'en') await page.evaluate(() => localStorage.setItem('language', 'en'));
      for (const viewport of [LAPTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await page.goto(`${harness.server.url}/login/edit/${login.id}`);
        await expect.poll(() => page.locator('input[name="statPreferences.0.statSortBy"]').inputValue()).toBe('clicks');
        expect(await chipsOf(page, 'statColumns')).toEqual(['name', 'impressions', 'clicks']);
        await page.getByRole('combobox', { name: language === 'de' ? 'Reihenfolge' : 'Order' }).filter({ hasText: language === 'de' ? 'Absteigend' : 'Descending' }).waitFor();
        // The confirmation date: SPEC section 9's format in both languages, not the browser's (24.11.2026, 11/24/2026).
        const doi = page.locator('input[name=doi]');
        expect(await doi.inputValue()).toBe(formatDay(login.doi, true));
        expect(await doi.inputValue()).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
        expect(await rawJsonEditors(page, 'login')).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await shot(page, `login-stat-preferences-${language}-${viewport.width}`);
      }
      expect(problems).toEqual([]);
      await close();
    }
  });

  it('take a date typed as DD-MM-YYYY, refuse one that names no day, and store the day', async () => {
    const sysop = await account(harness, 'sysop@demo.test');
    const campaign = (await firstRecord(harness, sysop, 'campaign'))!;
    const next = new Date(Date.parse(`${campaign.start}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    let stored = campaign.start as string;
    for (const language of ['de', 'en'] as const) {
      const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { screen: 'laptop' });
      if (language === 'en') await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.goto(`${harness.server.url}/campaign/edit/${campaign.id}`);
      const start = page.locator('input[name=start]');
      await expect.poll(() => start.inputValue()).toBe(formatDay(stored));
      expect(await start.getAttribute('placeholder')).toBe(language === 'de' ? 'TT-MM-JJJJ' : 'DD-MM-YYYY');
      expect(await page.locator('input[name=pauseDate]').getAttribute('placeholder')).toBe(language === 'de' ? 'TT-MM-JJJJ hh:mm' : 'DD-MM-YYYY HH:mm');
      await start.fill('31-02-2027');
      await page.click('form button[type=submit]');
      await page.getByText(language === 'de' ? 'Bitte ein Datum als TT-MM-JJJJ eingeben' : 'Please enter a date as DD-MM-YYYY').first().waitFor();
      await shot(page, `campaign-date-refused-${language}`);
      if (language === 'de') {
        // Typed as digits only, the input puts in the dashes.
        await start.fill(formatDay(next).replace(/-/g, ''));
        expect(await start.inputValue()).toBe(formatDay(next));
        await page.click('form button[type=submit]');
        await page.getByText('Eintrag erfolgreich gespeichert').waitFor();
        expect((await api(sysop, `/api/campaign/${campaign.id}`)).start).toBe(next);
        stored = next;
      }
      expect(problems).toEqual([]);
      await close();
    }
  });

  it('show free-form JSON and a value of another shape as it is stored to the systemoperator only', async () => {
    const advertiser = await account(harness, 'advertiser@demo.test');
    const segment = (await firstRecord(harness, advertiser, 'segment'))!;
    const banner = (await firstRecord(harness, advertiser, 'banner'))!;
    await harness.server.core.model('banner').update({ thumbnail: { width: '300', crop: true } }, { where: { id: banner.id } });
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test');
    await page.goto(`${harness.server.url}/segment/edit/${segment.id}`);
    await page.locator('input[name=identifier]').waitFor();
    expect(await page.locator('.ra-input-rules').count()).toBe(0);
    expect(problems).toEqual([]);
    await close();

    // Creatives are staff's screens: an administrator is no systemoperator.
    const admin = await signIn(harness, 'admin@demo.test');
    await admin.page.goto(`${harness.server.url}/banner/edit/${banner.id}`);
    await admin.page.locator('input[name="video.name"]').waitFor();
    await admin.page.getByText('Dieser Wert ist in einer Form gespeichert, die das Formular nicht kennt; nur ein Systemoperator kann ihn ändern.').waitFor();
    expect(await rawJsonEditors(admin.page, 'banner')).toEqual([]);
    await shot(admin.page, 'banner-other-shape-administrator');
    expect(admin.problems).toEqual([]);
    await admin.close();

    const staff = await signIn(harness, 'sysop@demo.test');
    await staff.page.goto(`${harness.server.url}/segment/edit/${segment.id}`);
    await staff.page.locator('textarea[name=rules]').waitFor();
    expect(await rawJsonEditors(staff.page, 'segment')).toEqual(['rules']);
    await staff.page.goto(`${harness.server.url}/banner/edit/${banner.id}`);
    await staff.page.locator('textarea[name=thumbnail]').waitFor();
    expect(await rawJsonEditors(staff.page, 'banner')).toEqual(['thumbnail']);
    expect(JSON.parse(await staff.page.locator('textarea[name=thumbnail]').inputValue())).toEqual({ width: '300', crop: true });
    expect(staff.problems).toEqual([]);
    await staff.close();
    await harness.server.core.model('banner').update({ thumbnail: banner.thumbnail }, { where: { id: banner.id } });
  });
});
