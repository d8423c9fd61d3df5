/**
 * The credit note (Gutschrift) of a paid payout as a PDF, in the publisher's language: the platform as issuer, the
 * publisher's billing data as they were when it was paid (finance_billing), number, dates and the amount paid out
 * (SPEC section 9: money the locale's way, dates DD-MM-YYYY).
 */
import { QueryTypes } from 'sequelize';
import { type Core, formatDay, formatEur, type Language, languageOf, type Row, translate } from '@adsuite/backend/kit';
import type { Billing } from './documents.ts';
import { sellerOf } from './pdf.ts';

export async function payoutBilling(core: Core, payout: Row): Promise<Billing & { language: Language }> {
  const [stored] = await core.sequelize.query<{ billing: Billing }>('SELECT billing FROM finance_billing WHERE document_id = $1', { bind: [payout.id], type: QueryTypes.SELECT });
  if (stored) return { ...stored.billing, language: languageOf(stored.billing.language) };
  const [row] = await core.sequelize.query<{ name: string; url: string | null; language: string | null }>(
    'SELECT p.name, p.url, l.language FROM publishers p LEFT JOIN logins l ON l.id = p.owner_id WHERE p.id = $1', { bind: [payout.publisher], type: QueryTypes.SELECT },
  );
  return { name: row?.name ?? 'unkown', url: row?.url ?? null, contact: null, email: null, language: languageOf(row?.language) };
}

/** pdfkit is loaded with the first document, as the invoices' (pdf.ts). */
export async function renderPayoutPdf(core: Core, payout: Row): Promise<Buffer> {
  const billing = await payoutBilling(core, payout);
  const seller = await sellerOf(core);
  const { language } = billing;
  const { default: PDFDocument } = await import('pdfkit');
  const say = (key: string, params?: Parameters<typeof translate>[2]) => translate(language, `payouts.document.${key}`, params);
  const company = (key: string, params?: Parameters<typeof translate>[2]) => translate(language, `finances.document.${key}`, params);
  const title = say('title');
  const pdf = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${title} ${String(payout.number)}`, Author: 'AdSuite' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  pdf.font('Helvetica-Bold').fontSize(18).text('AdSuite');
  pdf.font('Helvetica').fontSize(9).text(company('tagline'));
  pdf.text(company('seller_address', { ...seller }));
  pdf.text(`${seller.country} · ${seller.email}`);
  pdf.text(company('seller_vat_id', { vatId: seller.vatId })).moveDown(2);

  pdf.fontSize(11);
  for (const line of [billing.name, billing.contact, billing.email, billing.url]) if (line) pdf.text(line);
  pdf.moveDown(2);

  const paidAt = payout.paidAt ? new Date(payout.paidAt as Date).toISOString().slice(0, 10) : null;
  pdf.font('Helvetica-Bold').fontSize(16).text(title).moveDown(0.5);
  pdf.font('Helvetica').fontSize(11);
  pdf.text(company('number', { number: String(payout.number) }));
  if (paidAt) pdf.text(company('date', { date: formatDay(paidAt) }));
  pdf.text(say('requested', { date: formatDay(new Date(payout.created as Date).toISOString().slice(0, 10)) }));
  pdf.moveDown(2);

  const left = pdf.page.margins.left;
  const right = pdf.page.width - pdf.page.margins.right;
  pdf.text(say('line')).moveDown(0.8);
  const y = pdf.y;
  pdf.font('Helvetica-Bold').text(say('amount'), left, y);
  pdf.text(formatEur(Number(payout.amount)), left, y, { width: right - left, align: 'right' });
  pdf.moveDown(2);
  pdf.font('Helvetica').fontSize(9).text(say('transfer'), left);
  pdf.text(say('self_billing'), left);
  pdf.end();
  return done;
}
