/**
 * The engine's answers in the request's language (SPEC section 7 `Language` header, German by default): field
 * checks name the field by its label, bounds of money fields read as money, list parameters, missing records and
 * the declarations' own rules (config/resources/*.ts hooks and unique messages).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';

let server: TestServer;
const tokens = new Map<string, string>();
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const token = async (email: string) => {
  if (!tokens.has(email)) tokens.set(email, await server.token(email));
  return tokens.get(email)!;
};

/** The answer to one request as `email`, in German and in English. */
async function inBoth(email: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const ask = async (language: string) => {
    const res = await server.api(path, { ...init, token: await token(email), headers: { Language: language } });
    return { status: res.status, body: (await res.json()) as { message: string; errors: { field: string; message: string }[] } };
  };
  return { de: await ask('de'), en: await ask('en') };
}

const messages = (answer: { body: { errors: { field: string; message: string }[] } }) => answer.body.errors.map((e) => [e.field, e.message]);

describe('the engine in the request language', () => {
  it('names the field by its label in a value check', async () => {
    const { de, en } = await inBoth('sysop@demo.test', '/api/campaign', { method: 'POST', body: { name: 'Sommer', budget: 'viel' } });
    expect(de.status).toBe(400);
    expect(messages(de)).toContainEqual(['budget', 'Budget muss eine Zahl sein.']);
    expect(messages(en)).toContainEqual(['budget', 'Budget must be a number.']);
  });

  it('writes the bound of a money field as money', async () => {
    const { de, en } = await inBoth('sysop@demo.test', '/api/campaign', { method: 'POST', body: { name: 'Sommer', dailyBudget: -1 } });
    expect(messages(de)).toContainEqual(['dailyBudget', 'Tagesbudget muss mindestens 0,00\u00a0€ sein.']);
    expect(messages(en)).toContainEqual(['dailyBudget', 'Daily budget must be at least 0,00\u00a0€.']);
  });

  it('asks for a required field (the booking template\'s name)', async () => {
    const { de, en } = await inBoth('agency@demo.test', '/api/bookingtemplate', { method: 'POST', body: {} });
    expect(messages(de)).toContainEqual(['name', 'Bitte füllen Sie das Feld „Name“ aus.']);
    expect(messages(en)).toContainEqual(['name', 'Please enter the name.']);
  });

  it('refuses a field the role may not set', async () => {
    const shop = (await server.core.model('advertiser').findOne({ where: { name: 'Demo Shop GmbH' }, raw: true })) as { id: string };
    const { de, en } = await inBoth('advertiser@demo.test', `/api/advertiser/${shop.id}`, { method: 'PUT', body: { billingType: 'postpaid' } });
    expect(de.body.message).toBe('Sie dürfen das Feld „Abrechnungsart“ nicht setzen.');
    expect(en.body.message).toBe('You may not set billing type.');
  });

  it('writes list parameter errors and missing records in the language', async () => {
    const sort = await inBoth('advertiser@demo.test', `/api/campaign?sort=${encodeURIComponent('["password","ASC"]')}`);
    expect(sort.de.body.message).toBe('Nach „password“ kann nicht sortiert werden.');
    expect(sort.en.body.message).toBe('Cannot sort by "password".');
    const missing = await inBoth('advertiser@demo.test', '/api/campaign/00000000-0000-4000-8000-000000000000');
    expect([missing.de.status, missing.de.body.message, missing.en.body.message]).toEqual([404, 'Kampagne nicht gefunden.', 'Campaign not found.']);
  });

  it('writes the declarations\' rules in the language', async () => {
    const segment = await inBoth('advertiser@demo.test', '/api/segment', { method: 'POST', body: { name: 'Doppelt', identifier: 'Cart-Abandoners' } });
    expect(messages(segment.de)).toEqual([['identifier', 'Die Kennung muss innerhalb des Werbetreibenden eindeutig sein.']]);
    expect(messages(segment.en)).toEqual([['identifier', 'The identifier must be unique within the advertiser.']]);
    const country = await inBoth('sysop@demo.test', '/api/country', { method: 'POST', body: { name: 'Testland', alpha2: 'tl' } });
    expect(messages(country.de)).toEqual([['alpha2', 'Der ISO-Code besteht aus zwei Großbuchstaben, z. B. DE.']]);
    expect(messages(country.en)).toEqual([['alpha2', 'The ISO code is two capital letters, e.g. DE.']]);
    const post = await inBoth('admin@demo.test', '/api/blogpost', { method: 'POST', body: { title: 'Neu', slug: 'Nicht gut' } });
    expect(messages(post.de)).toEqual([['slug', 'Der Slug besteht aus Kleinbuchstaben, Ziffern und einzelnen Bindestrichen.']]);
    expect(messages(post.en)).toEqual([['slug', 'The slug takes lowercase letters, digits and single hyphens.']]);
  });

  it('writes body errors in the language', async () => {
    const { de, en } = await inBoth('sysop@demo.test', '/api/campaign', { method: 'POST', body: [1, 2] });
    expect([de.body.message, en.body.message]).toEqual(['Der Inhalt der Anfrage muss ein JSON-Objekt sein.', 'The request body must be a JSON object.']);
    const deep = await inBoth('sysop@demo.test', '/api/campaign', { method: 'POST', body: `${'['.repeat(70)}${']'.repeat(70)}` });
    expect(deep.de.body.message).toBe('Der Inhalt der Anfrage ist zu tief verschachtelt (höchstens 64 Ebenen).');
  });
});
