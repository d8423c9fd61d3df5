/**
 * The PDF of an invoice or credit note in the account's language: number, date, billing data, net, VAT and gross
 * (SPEC section 9: money '119,00 €' in both languages; dates DD-MM-YYYY).
 */
import { SELLER_DEFAULTS, SELLER_SETTING, type Seller } from '@adsuite/config';
import type { Core } from '@adsuite/backend/kit';
import { formatDay, formatEur, type Language, translate, valueLabel } from '@adsuite/backend/kit';
import type { Billing, DocumentKind } from './documents.ts';
import { VAT_PERCENT } from './money.ts';

export interface PrintedDocument {
  kind: DocumentKind;
  number: string;
  /** YYYY-MM-DD */
  date: string;
  status: string;
  billing: Billing;
  /** The account's language. */
  language: Language;
  /** Cents. */
  net: number;
  vat: number;
  gross: number;
  reason?: string | null;
  invoiceNumber?: string | null;
  /** Who issues the document: name, address and VAT id (sellerOf). */
  seller: Seller;
}

/** The seller printed on invoices: the `invoice.seller` setting over the local defaults, field by field. */
export async function sellerOf(core: Core): Promise<Seller> {
  const row = (await core.model('setting').findOne({ where: { key: SELLER_SETTING }, raw: true })) as { value?: unknown } | null;
  const stored = row?.value && typeof row.value === 'object' && !Array.isArray(row.value) ? (row.value as Record<string, unknown>) : {};
  const seller: Seller = { ...SELLER_DEFAULTS };
  for (const key of Object.keys(seller) as (keyof Seller)[]) {
    if (typeof stored[key] === 'string' && (stored[key] as string).trim()) seller[key] = (stored[key] as string).trim();
  }
  return seller;
}

/** pdfkit (and its fonts) is loaded with the first document, not at start (issue 11: start to first answer). */
export async function renderDocumentPdf(printed: PrintedDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { language } = printed;
  const say = (key: string, params?: Parameters<typeof translate>[2]) => translate(language, `finances.document.${key}`, params);
  const title = say(printed.kind);
  const pdf = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${title} ${printed.number}`, Author: 'AdSuite' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const { seller } = printed;
  pdf.font('Helvetica-Bold').fontSize(18).text('AdSuite');
  pdf.font('Helvetica').fontSize(9).text(say('tagline'));
  pdf.text(say('seller_address', { ...seller }));
  pdf.text(`${seller.country} · ${seller.email}`);
  pdf.text(say('seller_vat_id', { vatId: seller.vatId })).moveDown(2);

  const { billing } = printed;
  pdf.fontSize(11);
  for (const line of [billing.name, billing.contact, billing.email, billing.url]) if (line) pdf.text(line);
  pdf.moveDown(2);

  pdf.font('Helvetica-Bold').fontSize(16).text(title).moveDown(0.5);
  pdf.font('Helvetica').fontSize(11);
  pdf.text(say('number', { number: printed.number }));
  pdf.text(say('date', { date: formatDay(printed.date) }));
  if (printed.invoiceNumber) pdf.text(say('invoice_ref', { number: printed.invoiceNumber }));
  pdf.text(say('status', { status: valueLabel(printed.status) }));
  if (printed.reason) pdf.text(say('reason', { reason: printed.reason }));
  pdf.moveDown(2);

  const left = pdf.page.margins.left;
  const right = pdf.page.width - pdf.page.margins.right;
  const row = (label: string, cents: number, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, left, y);
    pdf.text(formatEur(cents), left, y, { width: right - left, align: 'right' });
    pdf.moveDown(0.4);
  };
  pdf.text(say(`${printed.kind}_line`)).moveDown(0.8);
  row(say('net'), printed.net);
  row(say('vat', { percent: VAT_PERCENT }), printed.vat);
  row(say('gross'), printed.gross, true);
  pdf.moveDown(2);
  pdf.font('Helvetica').fontSize(9).text(say(printed.kind === 'invoice' ? 'paid_by_card' : 'paid_back'), left);
  pdf.end();
  return done;
}
