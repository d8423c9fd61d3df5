/**
 * One bad event never costs another (issue 33, section 4), over HTTP against PostgreSQL: a click with a sub id
 * PostgreSQL cannot store counts without it, an onsite event with such a text is refused with 400, each sent
 * among 30 valid ones that are all stored and billed once; a batch the database still refuses fails only the
 * request that made it fail; JSON nested thousands of levels deep is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTrackingServer, type DemoLineItem } from './testkit.ts';

const kit = useTrackingServer();
let li: DemoLineItem;

/** The campaign's counters, the advertiser's balance and its ledger's spend for the campaign (cents). */
async function money() {
  const [row] = await kit.sql<{ clicks: number; cost: string; pc_conversions: number; balance: string; spend: string | null }>(
    `SELECT c.clicks, c.cost, c.pc_conversions, a.balance,
       (SELECT SUM(amount) FROM transactions t WHERE t.advertiser_id = a.id AND t.campaign_id = c.id AND t.type = 'spend') AS spend
     FROM campaigns c JOIN advertisers a ON a.id = c.advertiser_id WHERE c.id = $1`, [li.campaign]);
  return { clicks: row.clicks, cost: Number(row.cost), pcConversions: row.pc_conversions, balance: Number(row.balance), spend: Number(row.spend ?? 0) };
}

/** The clicks stored under these ids: subid, cost and publisher. */
const clicksOf = (ids: string[]) => kit.sql<{ id: string; subid: string | null; cost_milli: number; publisher_id: string | null; website: string | null; invalid: string | null }>(
  `SELECT id, subid, cost_milli, publisher_id, website, invalid FROM events WHERE kind = 'click' AND id = ANY($1::uuid[])`, [ids]);

const clickIdOf = (res: Response) => new URL(res.headers.get('location')!).searchParams.get('adsuite_click');

/** A click's request and what it answered. */
async function click(subid: string, query = '') {
  const res = await kit.hit(`/s/${li.banner}/${li.id}/1/${subid}${query}`);
  return { status: res.status, id: clickIdOf(res), location: res.headers.get('location') };
}

/** What 30 valid clicks and the odd ones cost together: every click the same, so the sum shows each billed once. */
function expectBilledOnce(before: Awaited<ReturnType<typeof money>>, after: Awaited<ReturnType<typeof money>>, clicks: number) {
  const perClick = li.bidPrice * 1.5; // CPC plus the channel's 50 % programmatic fee, in cents
  expect(after.clicks - before.clicks).toBe(clicks);
  // Booked per campaign hour in whole cents: a burst that spans the turn of an hour may round once more.
  expect(Math.abs(after.cost - before.cost - clicks * perClick)).toBeLessThanOrEqual(1);
  expect(before.balance - after.balance).toBe(after.cost - before.cost);
  expect(before.spend - after.spend).toBe(after.cost - before.cost);
}

beforeAll(async () => {
  // A line item charged for every click (no approval), without budgets, so that no click of these tests pauses it.
  li = await kit.lineitem('Client One Always-On', 'platform161');
  await kit.sql('UPDATE lineitems SET daily_budget = NULL, budget = NULL WHERE id = $1', [li.id]);
  await kit.sql('UPDATE campaigns SET budget = NULL, click_approval = false, conversion_approval = false WHERE id = $1', [li.campaign]);
  await kit.sql('UPDATE advertisers SET balance = balance + 100000 WHERE id = $1', [li.advertiser]);
});

describe('a poisoned input among valid ones', () => {
  it('a click whose sub id PostgreSQL cannot store counts without it, beside 30 valid clicks all stored and billed once', async () => {
    const before = await money();
    const valid = Array.from({ length: 30 }, (_, n) => `ok-${n}`);
    // NUL, the UTF-8 bytes of a lone surrogate, a malformed escape, 201 characters.
    const poisoned = ['bad%00x', '%ED%A0%80', 'a%E0%A4%A', 'x'.repeat(201)];
    const answers = await Promise.all([...valid, ...poisoned].map((subid) => click(subid)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 302));
    expect(answers.every((a) => a.id && a.location?.startsWith('https://'))).toBe(true);
    const stored = await clicksOf(answers.map((a) => a.id!));
    expect(stored).toHaveLength(34);
    const byId = new Map(stored.map((row) => [row.id, row]));
    expect(answers.slice(0, 30).map((a) => byId.get(a.id!)!.subid)).toEqual(valid);
    expect(answers.slice(30).map((a) => byId.get(a.id!)!.subid)).toEqual([null, null, null, null]);
    expect(stored.every((row) => row.cost_milli === li.bidPrice * 1500)).toBe(true);
    expectBilledOnce(before, await money(), 34);
  });

  it('through Express too (a HEAD request, which the front leaves to it), an undecodable or NUL sub id is dropped and the click counts', async () => {
    const answers = await Promise.all(['%ED%A0%80', 'a%E0%A4%A', 'bad%00x', 'fine'].map((subid) => kit.hit(`/s/${li.banner}/${li.id}/1/${subid}`, { method: 'HEAD' })));
    expect(answers.map((res) => res.status)).toEqual([302, 302, 302, 302]);
    const stored = await clicksOf(answers.map((res) => clickIdOf(res)!));
    expect(stored.map((row) => row.subid).sort()).toEqual(['fine', null, null, null]);
  });

  it('a poisoned onsite event answers 400 naming its field (German or English), 30 valid ones beside it are stored once', async () => {
    const before = await money();
    // Orders need a click to go back to: conversions of the campaign, counted once each.
    const clicks = await Promise.all(Array.from({ length: 10 }, () => click('0')));
    const run = Math.random().toString(36).slice(2, 8);
    const valid = Array.from({ length: 30 }, (_, n) => (n < 10
      ? { a: li.advertiser, cls: 'order', id: `${run}-${n}`, order: `${run}-order-${n}`, value: 10, click: clicks[n].id, url: 'https://shop.demo.test/thanks' }
      : { a: li.advertiser, cls: 'product', id: `${run}-${n}`, product: `SKU-${n}`, url: 'https://shop.demo.test/p', data: { colour: 'grün', sizes: ['S', 'M'] } }));
    const poisoned: [Record<string, unknown>, string][] = [
      [{ a: li.advertiser, cls: 'product', id: `${run}-p1`, url: 'https://shop.demo.test/\u0000' }, '0.url'],
      [{ a: li.advertiser, cls: 'product', id: `${run}-p2`, product: 'SKU-\ud800' }, '0.product'],
      [{ a: li.advertiser, cls: 'order', id: `${run}-p3`, order: 'A-\udc00-1', value: 5 }, '0.order'],
      [{ a: li.advertiser, cls: 'generic', id: `${run}-p4`, data: { note: ['ok', 'x\ud83d'] } }, '0.data.note.1'],
      [{ a: li.advertiser, cls: 'generic', id: `${run}-p5`, data: { ['k\u0000']: 1 } }, '0.data.k\\u0000'],
      [{ a: li.advertiser, cls: 'generic', id: `${run}-p6\u0000` }, '0.id'],
    ];
    const send = (body: unknown, language?: string) => kit.hit('/t/e', {
      method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'text/plain', ...(language ? { Language: language } : {}) },
    });
    const answers = await Promise.all([...valid.map((body) => send(body)), ...poisoned.map(([body], n) => send(body, n % 2 ? 'en' : undefined))]);
    expect(answers.slice(0, 30).map((res) => res.status)).toEqual(valid.map(() => 204));
    for (const [n, res] of answers.slice(30).entries()) {
      const body = (await res.json()) as { message: string; errors: { field: string; message: string }[] };
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(body.errors).toEqual([{ field: poisoned[n][1], message: body.message }]);
      expect(body.message).toMatch(n % 2 ? /cannot be stored \(NUL or a lone UTF-16 surrogate\)/ : /nicht gespeichert werden kann/);
    }
    const stored = await kit.sql<{ client_id: string; kind: string }>(`SELECT client_id, kind FROM events WHERE advertiser_id = $1 AND client_id LIKE $2`, [li.advertiser, `${run}-%`]);
    expect(stored.map((row) => row.client_id).sort()).toEqual(valid.map((event) => event.id).sort());
    const conversions = await kit.sql<{ n: string }>(`SELECT count(*) AS n FROM events WHERE advertiser_id = $1 AND kind = 'conversion' AND order_id LIKE $2`, [li.advertiser, `${run}-order-%`]);
    expect(Number(conversions[0].n)).toBe(10);
    const after = await money();
    expect(after.pcConversions - before.pcConversions).toBe(10);
    expectBilledOnce(before, after, 10);
  });

  it('a view or a pixel with such a text answers 400 and stores nothing', async () => {
    const count = async () => Number((await kit.sql<{ n: string }>(`SELECT count(*) AS n FROM events WHERE lineitem_id = $1 AND kind = 'view'`, [li.id]))[0].n);
    const before = await count();
    for (const [path, field] of [
      [`/banner?id=${li.banner}&lineitem=${li.id}&subid=a%00b`, 'subid'],
      [`/banner?id=${li.banner}&lineitem=${li.id}&site=${'x'.repeat(254)}`, 'site'],
      [`/t/i.gif?banner=${li.banner}&lineitem=${li.id}&site=news%00.demo.test`, 'site'],
    ]) {
      const res = await kit.hit(path, { headers: { Language: 'en' } });
      const body = (await res.json()) as { errors: { field: string }[] };
      expect(res.status, path).toBe(400);
      expect(body.errors.map((e) => e.field)).toEqual([field]);
    }
    expect(await count()).toBe(before);
  });
});

describe('a batch the database refuses', () => {
  const REFUSED = 'refused-by-the-database';
  beforeAll(async () => {
    // A rule of the database the checks before the batch do not know: what breaks it fails its batch there.
    await kit.sql(`ALTER TABLE events ADD CONSTRAINT test_refused CHECK (subid IS DISTINCT FROM '${REFUSED}' AND order_id IS DISTINCT FROM '${REFUSED}')`);
  });
  afterAll(async () => {
    await kit.sql('ALTER TABLE events DROP CONSTRAINT IF EXISTS test_refused');
  });

  it('fails only the click that broke it: the 30 clicks of its batch are stored and billed once', async () => {
    const before = await money();
    const answers = await Promise.all([
      ...Array.from({ length: 15 }, (_, n) => click(`batch-${n}`)), click(REFUSED), ...Array.from({ length: 15 }, (_, n) => click(`batch-${15 + n}`)),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 302));
    // The refused click still leads on, without a click id; nothing of it is stored.
    expect(answers[15].id).toBeNull();
    expect(Number((await kit.sql<{ n: string }>('SELECT count(*) AS n FROM events WHERE subid = $1', [REFUSED]))[0].n)).toBe(0);
    const valid = answers.filter((_, n) => n !== 15);
    expect(valid.every((a) => a.id)).toBe(true);
    const stored = await clicksOf(valid.map((a) => a.id!));
    expect(stored).toHaveLength(30);
    expectBilledOnce(before, await money(), 30);
  });

  it('fails only the onsite event that broke it (503), the 30 beside it are stored once', async () => {
    const run = Math.random().toString(36).slice(2, 8);
    const event = (n: number) => ({ a: li.advertiser, cls: 'order', id: `${run}-${n}`, order: n === 7 ? REFUSED : `${run}-o-${n}`, value: 1 });
    const answers = await Promise.all(Array.from({ length: 31 }, (_, n) => kit.hit('/t/e', { method: 'POST', body: JSON.stringify(event(n)), headers: { Language: 'en' } })));
    expect(answers[7].status).toBe(503);
    expect(await answers[7].json()).toEqual({ message: 'The events could not be stored just now. Please try again.', errors: [] });
    expect(answers.filter((_, n) => n !== 7).map((res) => res.status)).toEqual(Array.from({ length: 30 }, () => 204));
    const stored = await kit.sql<{ client_id: string }>('SELECT client_id FROM events WHERE advertiser_id = $1 AND client_id LIKE $2', [li.advertiser, `${run}-%`]);
    expect(stored.map((row) => row.client_id).sort()).toEqual(Array.from({ length: 31 }, (_, n) => `${run}-${n}`).filter((id) => id !== `${run}-7`).sort());
  });
});

describe('JSON nested too deeply', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it('answers 400 on /t/e, the whole body or an event\'s data, in the request\'s language', async () => {
    const german = await kit.hit('/t/e', { method: 'POST', body: deep(5000) });
    expect(german.status).toBe(400);
    expect(((await german.json()) as { message: string }).message).toBe('Der Inhalt der Anfrage ist zu tief verschachtelt (höchstens 64 Ebenen).');
    const inData = await kit.hit('/t/e', { method: 'POST', body: `{"a":"${li.advertiser}","cls":"generic","data":{"x":${deep(5000)}}}`, headers: { Language: 'en' } });
    expect(inData.status).toBe(400);
    expect(await inData.json()).toMatchObject({ message: 'The request body is nested too deeply (at most 64 levels).', errors: [{ field: '0.data' }] });
  });

  it('answers 400 on a resource\'s create (a segment\'s rules) and stores nothing', async () => {
    const token = await kit.server.token('sysop@demo.test');
    const count = async () => Number((await kit.sql<{ n: string }>('SELECT count(*) AS n FROM segments'))[0].n);
    const before = await count();
    const res = await kit.server.api('/api/segment', {
      method: 'POST', token, headers: { Advertiser: li.advertiser },
      body: `{"name":"Deep","advertiser":"${li.advertiser}","identifier":"deep-rules","rules":${deep(5000)}}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'The request body is nested too deeply (at most 64 levels).', errors: [{ field: 'rules' }] });
    expect(await count()).toBe(before);
  });
});

describe('unknown publishers are not trusted', () => {
  const UNKNOWN = '6f1c2b0e-8d4a-4c1e-9b7a-3e5d2f1a0c9b';

  it('a click or view naming a publisher that does not exist is stored without it, invalid, and credits nobody', async () => {
    const [demo] = await kit.sql<{ id: string }>("SELECT id FROM publishers WHERE name = 'Demo Publisher'");
    const unknown = await click('0', `?pub=${UNKNOWN}&site=news.demo.test`);
    const known = await click('0', `?pub=${demo.id}&site=news.demo.test`);
    const stored = new Map((await clicksOf([unknown.id!, known.id!])).map((row) => [row.id, row]));
    expect(stored.get(unknown.id!)).toMatchObject({ publisher_id: null, website: 'news.demo.test', cost_milli: 0, invalid: 'unknown_publisher' });
    expect(stored.get(known.id!)).toMatchObject({ publisher_id: demo.id, website: 'news.demo.test', cost_milli: li.bidPrice * 1500, invalid: null });
    // A view: stored without it, and the banner's link through the splitter does not carry it on.
    const page = await kit.hit(`/banner?id=${li.banner}&lineitem=${li.id}&pub=${UNKNOWN}&site=news.demo.test`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(new RegExp(`/s/${li.banner}/${li.id}/1/0\\?site=news\\.demo\\.test&(amp;)?c=[0-9a-f-]{36}"`));
    expect((await kit.hit(`/t/i.gif?banner=${li.banner}&lineitem=${li.id}&pub=${UNKNOWN}`)).status).toBe(200);
    // In the events, the rollups (the reports' publisher_websites) and the publisher's earnings, the id appears nowhere.
    const named = await kit.sql<{ n: string }>(
      `SELECT (SELECT count(*) FROM events WHERE publisher_id = $1) + (SELECT count(*) FROM stat_hourly WHERE publisher_id = $1)
         + (SELECT count(*) FROM earnings WHERE publisher_id = $1) AS n`, [UNKNOWN]);
    expect(Number(named[0].n)).toBe(0);
    const views = await kit.sql<{ publisher_id: string | null; invalid: string | null }>(
      `SELECT publisher_id, invalid FROM events WHERE lineitem_id = $1 AND kind = 'view' ORDER BY created DESC LIMIT 2`, [li.id]);
    expect(views).toEqual([{ publisher_id: null, invalid: 'unknown_publisher' }, { publisher_id: null, invalid: 'unknown_publisher' }]);
  });

  it('a publisher is trusted as soon as it exists, and no longer once it is deleted', async () => {
    const token = await kit.server.token('sysop@demo.test');
    const created = await kit.server.api('/api/publisher', { method: 'POST', token, body: { name: 'New Publisher', url: 'https://new.demo.test' } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const first = await click('0', `?pub=${id}`);
    expect((await clicksOf([first.id!]))[0].publisher_id).toBe(id);
    expect((await kit.server.api(`/api/publisher/${id}`, { method: 'DELETE', token })).status).toBe(200);
    const after = await click('0', `?pub=${id}`);
    expect((await clicksOf([after.id!]))[0].publisher_id).toBeNull();
  });
});
