import { describe, expect, it } from 'vitest';
import { pdfText } from './pdfText.ts';
import { useFinanceServer } from './testkit.ts';

const kit = useFinanceServer();
const { shop, other } = kit;
const year = new Date().getUTCFullYear();
const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('-');

describe('invoices', () => {
  it('numbers the invoices of completed top-ups sequentially per year', async () => {
    const numbers = [];
    for (const [email, advertiser, amount] of [['advertiser@demo.test', shop, 100], ['other@demo.test', other, 50], ['advertiser@demo.test', shop, 10]] as const) {
      numbers.push((await kit.pay(email, advertiser.id, { amount })).body.invoice.number);
    }
    expect(numbers).toEqual([`AS-${year}-000001`, `AS-${year}-000002`, `AS-${year}-000003`]);
  });

  it('downloads a PDF with number, date, billing data, net, VAT and gross in the account\'s language', async () => {
    const [invoice] = (await kit.call('advertiser@demo.test', `/api/invoice/search?q=AS-${year}-000001`)).body;
    const { status, body, headers } = await kit.call('advertiser@demo.test', `/api/invoice/${invoice.id}/download`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/pdf');
    expect(headers.get('content-disposition')).toBe(`attachment; filename="AS-${year}-000001.pdf"`);
    expect((body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(body as Buffer);
    // Demo Shop's owner reads German: the invoice is German whoever downloads it.
    const german = ['Rechnung', `Nummer: AS-${year}-000001`, `Datum: ${today}`, 'Demo Shop GmbH', 'Dora Demo', 'advertiser@demo.test', 'Netto', '100,00\u00a0€', 'USt. 19 %', '19,00\u00a0€', 'Brutto', '119,00\u00a0€', 'Status: Bezahlt', 'Per Karte bezahlt.'];
    for (const expected of german) expect(text, expected).toContain(expected);
    expect(text).not.toMatch(/Invoice|Number|Net\b|Gross|EUR/);
    const asStaff = pdfText((await kit.call('accounting@demo.test', `/api/invoice/${invoice.id}/download`, { headers: { Language: 'en' } })).body as Buffer);
    expect(asStaff).toContain('Rechnung');

  });

  it('names the seller with address and VAT id, from the systemoperator\'s setting over the local defaults', async () => {
    const [invoice] = (await kit.call('advertiser@demo.test', `/api/invoice/search?q=AS-${year}-000001`)).body;
    const download = async () => pdfText((await kit.call('advertiser@demo.test', `/api/invoice/${invoice.id}/download`)).body as Buffer);
    const defaults = await download();
    for (const expected of ['AdSuite GmbH, Musterstraße 1, 10115 Berlin', 'USt-IdNr.: DE000000000']) expect(defaults).toContain(expected);
    const setting = await kit.call('sysop@demo.test', '/api/setting', { method: 'POST', body: { key: 'invoice.seller', value: { name: 'Werbung & Co. KG', vatId: 'DE987654321' } } });
    expect(setting.status).toBe(201);
    const configured = await download();
    expect(configured).toContain('Werbung & Co. KG, Musterstraße 1, 10115 Berlin');
    expect(configured).toContain('USt-IdNr.: DE987654321');
    await kit.call('sysop@demo.test', `/api/setting/${setting.body.id}?hard=true`, { method: 'DELETE' });
  });

  it('keeps the billing data an invoice was issued with', async () => {
    await kit.server().core.model('advertiser').update({ name: 'Demo Shop Renamed GmbH' }, { where: { id: shop.id } });
    const [invoice] = (await kit.call('advertiser@demo.test', `/api/invoice/search?q=AS-${year}-000001`)).body;
    const text = pdfText((await kit.call('advertiser@demo.test', `/api/invoice/${invoice.id}/download`)).body as Buffer);
    await kit.server().core.model('advertiser').update({ name: 'Demo Shop GmbH' }, { where: { id: shop.id } });
    expect(text).toContain('Demo Shop GmbH');
    expect(text).not.toContain('Renamed');
  });

  it('searches by number or advertiser name within the tenant, and counts', async () => {
    const byName = await kit.call('accounting@demo.test', '/api/invoice/search?q=other shop');
    expect(byName.body.map((i: { number: string }) => i.number)).toEqual([`AS-${year}-000002`]);
    expect(byName.headers.get('content-range')).toBe('invoice 0-0/1');
    expect((await kit.call('advertiser@demo.test', '/api/invoice/search?q=other shop')).body).toEqual([]);
    expect((await kit.call('advertiser@demo.test', '/api/invoice/search?range=[0,0]')).headers.get('content-range')).toBe('invoice 0-0/2');
    expect((await kit.call('advertiser@demo.test', '/api/invoice/count')).body).toEqual({ count: 2 });
    expect((await kit.call('accounting@demo.test', '/api/invoice/count')).body).toEqual({ count: 3 });
    expect((await kit.call('accounting@demo.test', `/api/invoice/count?filter=${encodeURIComponent(JSON.stringify({ advertiser: other.id }))}`)).body).toEqual({ count: 1 });
    expect((await kit.call('viewer@demo.test', '/api/invoice/count')).status).toBe(403);
  });

  it('lets accounting, not the advertiser, change the status', async () => {
    const [invoice] = (await kit.call('accounting@demo.test', `/api/invoice/search?q=AS-${year}-000003`)).body;
    const patch = (email: string, status: unknown) => kit.call(email, `/api/invoice/${invoice.id}/status`, { method: 'PATCH', body: { status } });
    expect((await patch('advertiser@demo.test', 'canceled')).status).toBe(403);
    expect((await patch('accounting@demo.test', 'lost')).status).toBe(400);
    expect((await patch('accounting@demo.test', undefined)).status).toBe(400);
    const changed = await patch('accounting@demo.test', 'canceled');
    expect(changed).toMatchObject({ status: 200, body: { id: invoice.id, status: 'canceled', gross: 11.9 } });
    expect((await patch('admin@demo.test', 'paid')).body.status).toBe('paid');
  });

  it('keeps another advertiser\'s invoices and all PDFs from a viewer', async () => {
    const [foreign] = (await kit.call('accounting@demo.test', '/api/invoice/search?q=other shop')).body;
    expect((await kit.call('advertiser@demo.test', `/api/invoice/${foreign.id}/download`)).status).toBe(404);
    expect((await kit.call('viewer@demo.test', `/api/invoice/${foreign.id}/download`)).status).toBe(403);
    expect((await kit.call('advertiser@demo.test', `/api/invoice/${foreign.id}/status`, { method: 'PATCH', body: { status: 'paid' } })).status).toBe(404);
  });
});

describe('refunds and credit notes', () => {
  it('books a refund with its VAT and issues a credit note with a PDF', async () => {
    const before = await kit.audit(shop.id);
    const [invoice] = (await kit.call('accounting@demo.test', `/api/invoice/search?q=AS-${year}-000001`)).body;
    const { status, body } = await kit.call('accounting@demo.test', `/api/advertiser/${shop.id}/refund`, {
      method: 'POST', body: { amount: 40, reason: 'Campaign canceled', invoice: invoice.id },
    });
    expect(status).toBe(201);
    expect(body.creditNote).toMatchObject({ number: `CN-${year}-000001`, net: 40, vat: 7.6, gross: 47.6, status: 'open', invoice: invoice.id });
    expect(body.transaction).toMatchObject({ type: 'refund', amount: -47.6 });
    expect(body.balance).toBe((before.balance - 4_000) / 100);
    expect(await kit.audit(shop.id)).toEqual({ balance: before.balance - 4_000, ledger: before.balance - 4_000 });

    const pdf = await kit.call('advertiser@demo.test', `/api/creditnote/${body.creditNote.id}/download`);
    const text = pdfText(pdf.body as Buffer);
    for (const expected of ['Gutschrift', `Nummer: CN-${year}-000001`, `Rechnung: AS-${year}-000001`, 'Grund: Campaign canceled', '40,00\u00a0€', '7,60\u00a0€', '47,60\u00a0€', 'Der Betrag wird Ihnen zurückgezahlt.']) {
      expect(text, expected).toContain(expected);
    }
    expect((await kit.call('advertiser@demo.test', '/api/creditnote/count')).body).toEqual({ count: 1 });
    expect((await kit.call('accounting@demo.test', `/api/creditnote/${body.creditNote.id}/status`, { method: 'PATCH', body: { status: 'paid' } })).body.status).toBe('paid');
  });

  it('refuses a refund beyond the balance, of another advertiser\'s invoice, or by the advertiser', async () => {
    const before = await kit.audit(other.id);
    const tooMuch = await kit.call('accounting@demo.test', `/api/advertiser/${other.id}/refund`, { method: 'POST', body: { amount: before.balance / 100 + 0.01 } });
    expect(tooMuch.status).toBe(409);
    const [shopInvoice] = (await kit.call('accounting@demo.test', `/api/invoice/search?q=AS-${year}-000001`)).body;
    const wrongInvoice = await kit.call('accounting@demo.test', `/api/advertiser/${other.id}/refund`, { method: 'POST', body: { amount: 1, invoice: shopInvoice.id } });
    expect(wrongInvoice.status).toBe(400);
    expect((await kit.call('other@demo.test', `/api/advertiser/${other.id}/refund`, { method: 'POST', body: { amount: 1 } })).status).toBe(403);
    expect((await kit.call('accounting@demo.test', `/api/advertiser/${other.id}/refund`, { method: 'POST', body: { amount: 0 } })).status).toBe(400);
    expect(await kit.audit(other.id)).toEqual(before);
  });
});

describe('documents in the account\'s language', () => {
  it('writes the invoice of an account that reads English in English, kept so when the account changes language', async () => {
    await kit.server().core.model('login').update({ language: 'en' }, { where: { email: 'other@demo.test' } });
    const paid = await kit.pay('other@demo.test', other.id, { amount: 50 });
    await kit.server().core.model('login').update({ language: 'de' }, { where: { email: 'other@demo.test' } });
    const text = pdfText((await kit.call('accounting@demo.test', `/api/invoice/${paid.body.invoice.id}/download`, { headers: { Language: 'de' } })).body as Buffer);
    for (const expected of ['Invoice', `Number: ${paid.body.invoice.number}`, `Date: ${today}`, 'Net', '50,00\u00a0€', 'VAT 19 %', 'Gross', '59,50\u00a0€', 'Status: Paid', 'Paid by card.']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toMatch(/Rechnung|Netto|Brutto/);
  });
});
