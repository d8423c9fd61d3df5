import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARD, useFinanceServer, SANDBOX_CARDS } from './testkit.ts';

const kit = useFinanceServer();
const { shop, other } = kit;

const ADVERTISER = 'advertiser@demo.test';

describe('card top-ups', () => {
  it('credits a successful card payment with VAT added, books top-up and VAT, and issues a paid invoice', async () => {
    const before = await kit.audit(shop.id);
    const { status, body } = await kit.pay(ADVERTISER, shop.id, { amount: 100, vatHandle: 'add' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'succeeded', amount: 100, vat: 19, gross: 119, balance: before.balance / 100 + 100 });
    expect(body.invoice.number).toMatch(/^AS-\d{4}-\d{6}$/);

    const entries = (await kit.call(ADVERTISER, '/api/finances/ledger?range=[0,1]')).body;
    expect(entries.map((e: { type: string; amount: number }) => [e.type, e.amount]).sort()).toEqual([['topup', 119], ['vat', -19]]);
    const invoice = (await kit.call(ADVERTISER, `/api/invoice/${body.invoice.id}`)).body;
    expect(invoice).toMatchObject({ advertiser: shop.id, net: 100, vat: 19, gross: 119, status: 'paid', transaction: body.transaction });
    const after = await kit.audit(shop.id);
    expect(after.balance).toBe(before.balance + 10_000);
    expect(after.ledger).toBe(after.balance);
  });

  it('deducts the VAT from the amount paid when asked to', async () => {
    const before = await kit.audit(shop.id);
    const { status, body } = await kit.pay(ADVERTISER, shop.id, { amount: 119, vatHandle: 'deduct' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ amount: 100, vat: 19, gross: 119 });
    const odd = await kit.pay(ADVERTISER, shop.id, { amount: 50, vatHandle: 'deduct' });
    expect(odd.body).toMatchObject({ amount: 42.02, vat: 7.98, gross: 50 });
    expect((await kit.audit(shop.id)).balance).toBe(before.balance + 10_000 + 4_202);
  });

  it('answers "payment failed" (in the request\'s language) for a declined or expired card and changes nothing', async () => {
    const before = await kit.audit(shop.id);
    const invoices = await kit.count('invoices', shop.id);
    const payments = await kit.count('finance_payments', shop.id);
    for (const card of [{ cardNumber: SANDBOX_CARDS.declined }, { cardNumber: '5555 5555 5555 4444' }, { expiry: '01/20' }]) {
      const { status, body } = await kit.pay(ADVERTISER, shop.id, { amount: 20, ...card });
      expect(status, JSON.stringify(card)).toBe(402);
      expect(body.message).toBe('Payment failed: the payment was declined. Your balance is unchanged.');
    }
    const german = await kit.call(ADVERTISER, `/api/advertiser/${shop.id}/payment`, {
      method: 'POST', headers: { 'Idempotency-Key': 'declined-in-german', Language: 'de' }, body: { ...CARD, cardNumber: SANDBOX_CARDS.declined, amount: 20, vatHandle: 'add' },
    });
    expect(german.body.message).toBe('Zahlung fehlgeschlagen: Die Zahlung wurde abgelehnt. Ihr Guthaben ist unverändert.');
    expect(await kit.audit(shop.id)).toEqual(before);
    expect(await kit.count('invoices', shop.id)).toBe(invoices);
    expect(await kit.count('finance_payments', shop.id)).toBe(payments);
  });

  it('refuses bad input with field errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0.5 }, 'amount'], [{ amount: 10.001 }, 'amount'], [{ amount: 'ten' }, 'amount'], [{ amount: 1e9 }, 'amount'],
      [{ amount: 10, vatHandle: 'ignore' }, 'vatHandle'], [{ amount: 10, cardNumber: '4242 4242 4242 4241' }, 'cardNumber'],
      [{ amount: 10, expiry: '13/30' }, 'expiry'], [{ amount: 10, cvc: '12' }, 'cvc'],
    ];
    for (const [body, field] of cases) {
      const res = await kit.pay(ADVERTISER, shop.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field), JSON.stringify(body)).toContain(field);
    }
    const noKey = await kit.call(ADVERTISER, `/api/advertiser/${shop.id}/payment`, { method: 'POST', body: { amount: 10, vatHandle: 'add', cardNumber: SANDBOX_CARDS.succeeds, expiry: '12/35', cvc: '123' } });
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toMatch(/Idempotency-Key/);
  });

  it('completes a payment that requires confirmation only once it is confirmed', async () => {
    const before = await kit.audit(shop.id);
    const key = randomUUID();
    const started = await kit.pay(ADVERTISER, shop.id, { amount: 30, cardNumber: SANDBOX_CARDS.requiresConfirmation }, key);
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ status: 'requires_confirmation', paymentId: expect.any(String) });
    expect(await kit.audit(shop.id)).toEqual(before);
    expect((await kit.pay(ADVERTISER, shop.id, { amount: 30, cardNumber: SANDBOX_CARDS.requiresConfirmation }, key)).body).toEqual(started.body);

    const confirm = () => kit.call(ADVERTISER, `/api/advertiser/${shop.id}/payment/${started.body.paymentId}/confirm`, { method: 'POST' });
    const confirmed = await confirm();
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'succeeded', paymentId: started.body.paymentId, amount: 30, gross: 35.7 });
    expect((await confirm()).body).toEqual(confirmed.body);
    expect((await kit.pay(ADVERTISER, shop.id, { amount: 30, cardNumber: SANDBOX_CARDS.requiresConfirmation }, key)).body).toEqual(confirmed.body);
    expect((await kit.audit(shop.id)).balance).toBe(before.balance + 3_000);
    expect((await kit.call(ADVERTISER, `/api/advertiser/${shop.id}/payment/${randomUUID()}/confirm`, { method: 'POST' })).status).toBe(404);
    expect((await kit.call('other@demo.test', `/api/advertiser/${other.id}/payment/${started.body.paymentId}/confirm`, { method: 'POST' })).status).toBe(404);
  });
});

describe('idempotency', () => {
  it('credits a retried top-up once and answers the same result', async () => {
    const before = await kit.audit(shop.id);
    const key = randomUUID();
    const first = await kit.pay(ADVERTISER, shop.id, { amount: 10 }, key);
    const retry = await kit.pay(ADVERTISER, shop.id, { amount: 10 }, key);
    expect(retry).toMatchObject({ status: first.status, body: first.body });
    expect((await kit.audit(shop.id)).balance).toBe(before.balance + 1_000);
  });

  it('credits two identical requests sent at the same time once', async () => {
    const before = await kit.audit(shop.id);
    const invoices = await kit.count('invoices', shop.id);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => kit.pay(ADVERTISER, shop.id, { amount: 12.5 }, key)));
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: answers[0].body });
    const after = await kit.audit(shop.id);
    expect(after.balance).toBe(before.balance + 1_250);
    expect(after.ledger).toBe(after.balance);
    expect(await kit.count('invoices', shop.id)).toBe(invoices + 1);
  });

  it('refuses a key reused for a different payment', async () => {
    const key = randomUUID();
    await kit.pay(ADVERTISER, shop.id, { amount: 10 }, key);
    const reused = await kit.pay(ADVERTISER, shop.id, { amount: 11 }, key);
    expect(reused.status).toBe(422);
  });
});

describe('tenancy and roles', () => {
  it('answers the balance in euros to the advertiser, accounting and an agency for its clients', async () => {
    const { balance } = await kit.audit(other.id);
    expect((await kit.call('other@demo.test', `/api/advertiser/${other.id}/balance`)).body).toEqual({ balance: balance / 100, reserved: 0, available: balance / 100 });
    expect((await kit.call('accounting@demo.test', `/api/advertiser/${other.id}/balance`)).body).toMatchObject({ balance: balance / 100 });
    const client = await kit.advertiser('Agency Client Two');
    expect((await kit.call('coworker@demo.test', `/api/advertiser/${client.id}/balance`)).body).toMatchObject({ balance: 0.5 });
  });

  it('keeps another advertiser\'s balance, ledger and top-up out of reach', async () => {
    expect((await kit.call(ADVERTISER, `/api/advertiser/${other.id}/balance`)).status).toBe(404);
    expect((await kit.call(ADVERTISER, `/api/finances/ledger?advertiser=${other.id}`)).status).toBe(404);
    expect((await kit.pay(ADVERTISER, other.id, { amount: 10 })).status).toBe(404);
    expect((await kit.call(ADVERTISER, `/api/finances/ledger`, { headers: { Advertiser: other.id } })).status).toBe(406);
    expect((await kit.call(ADVERTISER, `/api/advertiser/not-an-id/balance`)).status).toBe(404);
  });

  it('shows a viewer neither balance nor ledger and lets it pay nothing', async () => {
    const viewer = 'viewer@demo.test';
    expect((await kit.call(viewer, `/api/advertiser/${shop.id}/balance`)).status).toBe(403);
    expect((await kit.call(viewer, '/api/finances/ledger')).status).toBe(403);
    expect((await kit.call(viewer, '/api/finances/ledger.csv')).status).toBe(403);
    expect((await kit.call(viewer, '/api/finances/alert')).status).toBe(403);
    expect((await kit.pay(viewer, shop.id, { amount: 10 })).status).toBe(403);
  });

  it('lets accounting neither pay by card nor redeem coupons, and staff name the advertiser', async () => {
    expect((await kit.pay('accounting@demo.test', shop.id, { amount: 10 })).status).toBe(403);
    expect((await kit.call('sysop@demo.test', '/api/finances/ledger', { headers: { Advertiser: other.id } })).status).toBe(200);
  });
});

describe('the ledger as a list and as CSV', () => {
  // The ad server books the spend: one click on Summer Sale 2026's Platform 161 line item (0.45 euro CPC + 50 % fee = 0.68 euro),
  // billed when tracked (the demo campaign's click approval, which would only reserve it, is off here).
  beforeAll(async () => {
    const core = kit.server().core;
    await core.sequelize.query(`UPDATE campaigns SET click_approval = false WHERE name = 'Summer Sale 2026'`);
    const [lineitem] = (await core.sequelize.query(
      `SELECT l.id, l.creatives_ids[1] AS banner FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id WHERE c.name = 'Summer Sale 2026' AND l.channel = 'platform161'`,
    ))[0] as { id: string; banner: string }[];
    const click = await fetch(`${kit.server().url}/s/${lineitem.banner}/${lineitem.id}/1/0`, { redirect: 'manual', headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' } });
    expect(click.status).toBe(302);
  });

  it('pages the selected advertiser\'s ledger with Content-Range and sorts it', async () => {
    const total = await kit.count('transactions', shop.id);
    const page = await kit.call(ADVERTISER, '/api/finances/ledger?range=[0,2]&sort=["amount","ASC"]');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-range')).toBe(`transaction 0-2/${total}`);
    const amounts = page.body.map((e: { amount: number }) => e.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(page.body.every((e: { advertiser: string }) => e.advertiser === shop.id)).toBe(true);
    expect((await kit.call(ADVERTISER, '/api/finances/ledger?sort=["password","ASC"]')).status).toBe(400);
  });

  it('exports the ledger as CSV with amounts in euros, in the reader\'s language', async () => {
    const { status, body, headers } = await kit.call(ADVERTISER, '/api/finances/ledger.csv');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (body as string).trim().split('\r\n');
    expect(lines[0]).toBe('Date,Type,Description,Reference,Amount (EUR)');
    expect(lines.some((line) => /^\d{2}-\d{2}-\d{4},Spend,"Campaign spend Summer Sale 2026, \d{2}-\d{2}-\d{4} \d{2}:00",\d{4}-\d{2}-\d{2} \d{2}:00,-0\.68$/.test(line)), lines.join('\n')).toBe(true);
    expect(lines.length - 1).toBe(await kit.count('transactions', shop.id));
    const german = ((await kit.call(ADVERTISER, '/api/finances/ledger.csv', { headers: { Language: 'de' } })).body as string).trim().split('\r\n');
    expect(german[0]).toBe('Datum,Art,Beschreibung,Referenz,Betrag (EUR)');
    expect(german.some((line) => /^\d{2}-\d{2}-\d{4},Ausgaben,"Kampagnenausgaben Summer Sale 2026, \d{2}-\d{2}-\d{4} \d{2}:00 Uhr",\d{4}-\d{2}-\d{2} \d{2}:00,-0\.68$/.test(line)), german.join('\n')).toBe(true);
    expect(german.some((line) => /^\d{2}-\d{2}-\d{4},Aufladung,Aufladung per Karte,/.test(line))).toBe(true);
  });

  it('names the ledger entries in the reader\'s language, in the finance list and the generic one', async () => {
    const names = async (path: string, language: string) =>
      ((await kit.call(ADVERTISER, path, { headers: { Language: language } })).body as { description: string }[]).map((entry) => entry.description);
    for (const path of ['/api/finances/ledger?range=[0,99]', `/api/transaction?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ advertiser: shop.id }))}`]) {
      const german = await names(path, 'de');
      const english = await names(path, 'en');
      expect(german, path).toEqual(expect.arrayContaining(['Aufladung per Karte', 'USt. 19 %', 'Gutscheincode NEW25', expect.stringMatching(/^Kampagnenausgaben Summer Sale 2026, \d{2}-\d{2}-\d{4} \d{2}:00 Uhr$/)]));
      expect(english, path).toEqual(expect.arrayContaining(['Card top-up', 'VAT 19 %', 'Promo code NEW25', expect.stringMatching(/^Campaign spend Summer Sale 2026, \d{2}-\d{2}-\d{4} \d{2}:00$/)]));
      expect(english.join()).not.toMatch(/Aufladung|Gutschein|Kampagne/);
    }
  });
});
