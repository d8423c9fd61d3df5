/**
 * Issue 4 in Chromium: an agency registers on the portal and confirms its address, but cannot sign in until staff
 * activate it; then it creates a viewer sub-account, whose invitation link sets its password; the viewer sees
 * statistics only and no balance. The agency toggles the viewer's login and deletes it after confirming. The
 * same pages in English: a second agency registers in English and is activated, the demo agency's sub-account
 * screens; the German run shows no English sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  besides, english, expectNoEnglish, navigate, openBrowser, PASSWORD, settle, shot, startHarness, stopHarness, switchLanguage, type Harness,
} from '../../../admin/test/browser.ts';
import { messages as accountTexts } from '../../accounts/ui/testkit.ts';
import { translate } from '@adsuite/config/i18n/serverText';
import { mailedLink, NEW_PASSWORD, registerOnPortal, signInAs, submitSignIn } from './browserSteps.ts';
import { messages } from './messages.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
}, 300_000);

afterAll(() => stopHarness(harness));

const AGENCY = 'anton@clever-agency.test';
const VIEWER = 'vera@clever-agency.test';

async function loginIdOf(email: string): Promise<string> {
  const token = await harness.server.token('sysop@demo.test');
  const response = await harness.server.api(`/api/login?filter=${encodeURIComponent(JSON.stringify({ email }))}`, { token });
  const [login] = (await response.json()) as { id: string }[];
  return login.id;
}

describe('agency and sub-accounts in the browser', () => {
  it('keeps a confirmed agency out until staff activate it', async () => {
    const { page, close } = await openBrowser(harness);
    await registerOnPortal(page, harness.server.url, 'agency', { email: AGENCY, company: 'Clever Agency GmbH' });
    await page.goto(`${harness.server.url}${await mailedLink(harness, AGENCY, '/confirm?token=')}`);
    await page.getByText('Vielen Dank! Ihre E-Mail-Adresse ist bestätigt.').waitFor();
    await expectNoEnglish(page, '/confirm of an agency');
    await submitSignIn(page, harness.server.url, AGENCY);
    await page.locator('form .notice').filter({ hasText: 'Ihr Agenturkonto ist noch nicht freigeschaltet.' }).waitFor();
    await expectNoEnglish(page, '/login of an agency not activated');
    await shot(page, 'agency-not-activated');
    expect(new URL(page.url()).pathname).toBe('/login');
    await close();

    // Staff activate it on the user's edit screen.
    const staff = await signInAs(harness, 'admin@demo.test', PASSWORD);
    await navigate(staff.page, `/login/edit/${await loginIdOf(AGENCY)}`);
    await staff.page.locator('[data-action="activate-agency"]').click();
    await staff.page.getByText('Die Agentur ist freigeschaltet und kann sich jetzt anmelden.').waitFor();
    await expect.poll(() => staff.page.locator('[data-action="activate-agency"]').count()).toBe(0);
    await expectNoEnglish(staff.page, '/login/edit/:id of the activated agency');
    await shot(staff.page, 'agency-activated-by-staff');
    await staff.close();
    const login = await harness.server.core.model('login').findOne({ where: { email: AGENCY }, raw: true }) as { loginAllowed: boolean } | null;
    expect(login?.loginAllowed).toBe(true);
  }, 120_000);

  it('lets the agency invite a viewer who sets a password and then sees statistics only and no balance', async () => {
    const agency = await signInAs(harness, AGENCY);
    const { page } = agency;
    await navigate(page, '/subaccounts');
    await settle(page, 'Unterkonten');
    await page.getByTestId('subaccounts-empty').filter({ hasText: 'Keine Ergebnisse gefunden' }).waitFor();
    await expectNoEnglish(page, '/subaccounts empty');
    await page.getByRole('link', { name: 'Unterkonto anlegen' }).click();
    await settle(page, 'Neues Unterkonto');
    const form = page.getByTestId('subaccount-form');
    await form.locator('button[type=submit]').click();
    await form.getByText('Bitte eine gültige E-Mail-Adresse eingeben').waitFor();
    await form.locator('input[name=email]').fill(VIEWER);
    await form.locator('input[name=name]').fill('Vera');
    await form.locator('input[name=surname]').fill('Viewer');
    expect(await form.locator('input[name=role]').inputValue()).toBe('viewer');
    await page.getByRole('combobox', { name: 'Rolle' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Betrachter (nur Statistiken)', 'Kunde (Buchungen anlegen und bearbeiten)', 'Mitarbeiter (alles wie die Agentur)']);
    await page.keyboard.press('Escape');
    await expectNoEnglish(page, '/subaccount/new');
    await shot(page, 'subaccount-new');
    await form.locator('button[type=submit]').click();
    await settle(page, 'Unterkonten');
    const row = page.locator(`tr[data-email="${VIEWER}"]`);
    await row.waitFor();
    expect(await row.getByRole('checkbox').isDisabled()).toBe(true);
    await row.getByTestId('no-password-hint').hover();
    await page.getByRole('tooltip').filter({ hasText: 'noch kein Passwort' }).waitFor();
    expect(await row.textContent()).toContain('nie');
    await expectNoEnglish(page, '/subaccounts with the invited viewer');
    await shot(page, 'subaccounts-invited');

    const { page: portal, close: leavePortal } = await openBrowser(harness);
    await portal.goto(`${harness.server.url}${await mailedLink(harness, VIEWER, '/login?token=')}`);
    await portal.locator('form[data-form=create-password] input[name=password]').fill(NEW_PASSWORD);
    await portal.locator('form[data-form=create-password] input[name=passwordConfirm]').fill(NEW_PASSWORD);
    await portal.locator('form[data-form=create-password] button[type=submit]').click();
    await portal.getByText('Ihr Passwort ist gespeichert.').waitFor();
    await expectNoEnglish(portal, '/login with the invitation link');
    await leavePortal();

    const viewer = await signInAs(harness, VIEWER);
    await settle(viewer.page, 'Übersicht');
    expect(await viewer.page.getByRole('link', { name: 'Finanzen' }).count()).toBe(0);
    expect(await viewer.page.getByTestId('balance-banner').count()).toBe(0);
    expect(await viewer.page.getByRole('link', { name: 'Neue Buchung' }).count()).toBe(0);
    await expectNoEnglish(viewer.page, '/ of the viewer');
    await shot(viewer.page, 'viewer-dashboard');
    await navigate(viewer.page, '/advertiser/finances');
    await viewer.page.waitForURL('**/403');
    expect(viewer.problems).toEqual([]);
    await viewer.close();

    await page.reload();
    await row.waitFor();
    const allowed = row.getByRole('checkbox');
    await expect.poll(() => allowed.isChecked()).toBe(true);
    expect(await row.getByRole('checkbox').isDisabled()).toBe(false);
    expect(await row.textContent()).toMatch(/Bestätigt am \d{2}-\d{2}-\d{4}/);
    await allowed.click();
    await page.getByText(`Login für ${VIEWER} gesperrt.`).waitFor();
    await expect.poll(() => allowed.isChecked()).toBe(false);
    await expectNoEnglish(page, '/subaccounts');
    await shot(page, 'subaccounts-list');
    const refused = await harness.server.api('/api/auth/signin', { method: 'POST', body: { email: VIEWER, password: NEW_PASSWORD } });
    expect(refused.status).toBe(401);

    await row.getByRole('link', { name: `Bearbeiten: ${VIEWER}` }).click();
    await settle(page, 'Unterkonto bearbeiten');
    expect(await page.locator('input[name=email]').isDisabled()).toBe(true);
    expect(await page.locator('input[type=password]').count()).toBe(0);
    await page.getByRole('button', { name: 'Wiederherstellungs-E-Mail senden' }).click();
    await page.getByText(`Die E-Mail an ${VIEWER} ist unterwegs.`).waitFor();
    expect(await mailedLink(harness, VIEWER, '/resetpassword/', 2)).toMatch(/^\/resetpassword\//);
    await expectNoEnglish(page, '/subaccount/edit/:id');
    await shot(page, 'subaccount-edit');
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await settle(page, 'Unterkonten');

    await row.getByRole('button', { name: `Löschen: ${VIEWER}` }).click();
    await page.getByRole('dialog').getByText(`Möchten Sie das Unterkonto ${VIEWER} wirklich löschen?`).waitFor();
    await expectNoEnglish(page, '/subaccounts delete confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await page.getByTestId('subaccounts-empty').waitFor();
    expect(besides(agency.problems)).toEqual([]);
    await agency.close();
  }, 180_000);

  it('saves the agency\'s report subscriptions and language on the profile and checks the password form', async () => {
    // A campaign of the agency's, subscribed weekly from its statistics' bell (the profile lists subscriptions).
    const { core } = harness.server;
    const agency = await core.model('login').findOne({ where: { email: AGENCY }, raw: true }) as { id: string };
    const client = await core.model('advertiser').create({ name: 'Clever Client Reports', owner: agency.id });
    const campaign = String((await core.model('campaign').create({ advertiser: client.get('id'), name: 'Herbstkampagne' })).get('id'));
    await core.model('login').update({ subscriptions: [{ campaign, daily: false, weekly: true, monthly: false }] }, { where: { id: agency.id } });
    const { page, problems, close } = await signInAs(harness, AGENCY);
    await navigate(page, '/profile');
    await settle(page, 'Profil');
    const form = page.getByTestId('profile-form');
    expect(await form.locator('input[name=name]').inputValue()).toBe('Clara');
    await form.getByRole('link', { name: 'Herbstkampagne' }).waitFor();
    await expectNoEnglish(page, '/profile');
    expect(await form.locator(`input[name=subscription-${campaign}-weekly]`).isChecked()).toBe(true);
    await form.locator(`input[name=subscription-${campaign}-daily]`).check();
    await form.getByRole('combobox', { name: 'Sprache' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await form.locator('button[type=submit]').click();
    await settle(page, 'Profile');
    expect(await page.getByTestId('profile-form').locator(`input[name=subscription-${campaign}-daily]`).isChecked()).toBe(true);
    await page.getByTestId('profile-form').locator(`input[name=subscription-${campaign}-weekly]`).uncheck();
    await page.getByTestId('profile-form').locator('button[type=submit]').click();
    await page.getByText('Profile saved').waitFor();
    const token = await harness.server.token(AGENCY, NEW_PASSWORD);
    const me = await (await harness.server.api('/api/auth/login', { token })).json();
    expect(me).toMatchObject({ language: 'en', subscriptions: [{ campaign, daily: true, weekly: false, monthly: false }] });

    const passwords = page.getByTestId('password-form');
    await passwords.locator('input[name=password]').fill('short');
    await passwords.locator('input[name=passwordConfirm]').fill('shorter');
    await passwords.locator('button[type=submit]').click();
    await passwords.getByText('Please enter your current password').waitFor();
    await passwords.getByText('The password must be at least 8 characters long.').waitFor();
    await passwords.getByText('Passwords do not match').waitFor();
    await shot(page, 'profile-en');
    expect(problems).toEqual([]);

    // "Sign out everywhere" ends this session and every other one of the account.
    const elsewhere = await harness.server.token(AGENCY, NEW_PASSWORD);
    await page.getByTestId('sessions-card').getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(/\/login/);
    expect((await harness.server.api('/api/auth/login', { token: elsewhere })).status).toBe(401);
    await close();
  }, 120_000);

  it('shows the same pages in English: an agency registering, waiting and activated; the sub-account list and forms', async () => {
    const SECOND = 'emma@english-agency.test';
    const { page, close } = await openBrowser(harness);
    await page.goto(`${harness.server.url}/landing`);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await registerOnPortal(page, harness.server.url, 'agency', { email: SECOND, company: 'English Agency Ltd' });
    await page.goto(`${harness.server.url}${await mailedLink(harness, SECOND, '/confirm?token=')}`);
    await page.getByText('Our sales team is now checking your agency account').waitFor();
    await submitSignIn(page, harness.server.url, SECOND);
    await page.locator('form .notice').filter({ hasText: translate('en', 'auth.agency_not_active') }).waitFor();
    await shot(page, 'agency-not-activated-en');
    await expectNoEnglish(page, '/login in English of an agency not activated');
    await close();

    const staff = await signInAs(harness, 'admin@demo.test', PASSWORD);
    await switchLanguage(staff.page, 'en');
    await navigate(staff.page, `/login/edit/${await loginIdOf(SECOND)}`);
    await staff.page.locator('[data-action="activate-agency"]').filter({ hasText: accountTexts.en.activate }).click();
    await staff.page.getByText(accountTexts.en.activated).waitFor();
    await staff.close();

    // The demo agency's sub-accounts, a new one's form with its checks, and a co-worker's edit screen.
    const agency = await signInAs(harness, 'agency@demo.test', PASSWORD);
    await switchLanguage(agency.page, 'en');
    await navigate(agency.page, '/subaccounts');
    await settle(agency.page, english('app.subaccounts.title'));
    const coworker = agency.page.locator('tr[data-email="coworker@demo.test"]');
    await coworker.waitFor();
    await shot(agency.page, 'subaccounts-list-en');
    await expectNoEnglish(agency.page, '/subaccounts in English');
    await agency.page.getByRole('link', { name: messages.en.create }).click();
    await settle(agency.page, english('app.subaccount_new.title'));
    await agency.page.getByTestId('subaccount-form').locator('button[type=submit]').click();
    await agency.page.getByTestId('subaccount-form').getByText(messages.en.form.email_invalid).waitFor();
    await shot(agency.page, 'subaccount-new-en');
    await expectNoEnglish(agency.page, '/subaccount/new in English');
    await navigate(agency.page, '/subaccounts');
    await coworker.getByRole('link', { name: `${english('ra.action.edit')}: coworker@demo.test` }).click();
    await settle(agency.page, english('app.subaccount_edit.title'));
    await shot(agency.page, 'subaccount-edit-en');
    expect(besides(agency.problems)).toEqual([]);
    await agency.close();
  }, 120_000);
});
