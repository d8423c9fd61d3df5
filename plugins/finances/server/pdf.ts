/** The PDF of an invoice or credit note: number, date, billing data, net, VAT and gross in EUR. */
import PDFDocument from 'pdfkit';
import type { Billing, DocumentKind } from './documents.ts';
import { formatEur, VAT_PERCENT } from './money.ts';

export interface PrintedDocument {
  kind: DocumentKind;
  number: string;
  /** YYYY-MM-DD */
  date: string;
  status: string;
  billing: Billing;
  /** Cents. */
  net: number;
  vat: number;
  gross: number;
  reason?: string | null;
  invoiceNumber?: string | null;
}

const ISSUER = ['AdSuite', 'Self-service advertising platform'];
const TITLES: Record<DocumentKind, { title: string; line: string }> = {
  invoice: { title: 'Rechnung / Invoice', line: 'AdSuite advertising credit (prepaid)' },
  creditnote: { title: 'Gutschrift / Credit note', line: 'Refund of AdSuite advertising credit' },
};

/** DD-MM-YYYY, the date format of SPEC section 9. */
const shownDate = (iso: string) => iso.split('-').reverse().join('-');

export function renderDocumentPdf(printed: PrintedDocument): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${TITLES[printed.kind].title} ${printed.number}`, Author: 'AdSuite' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  pdf.font('Helvetica-Bold').fontSize(18).text(ISSUER[0]);
  pdf.font('Helvetica').fontSize(9).text(ISSUER[1]).moveDown(2);

  const { billing } = printed;
  pdf.fontSize(11);
  for (const line of [billing.name, billing.contact, billing.email, billing.url]) if (line) pdf.text(line);
  pdf.moveDown(2);

  pdf.font('Helvetica-Bold').fontSize(16).text(TITLES[printed.kind].title).moveDown(0.5);
  pdf.font('Helvetica').fontSize(11);
  pdf.text(`Number: ${printed.number}`);
  pdf.text(`Date: ${shownDate(printed.date)}`);
  if (printed.invoiceNumber) pdf.text(`Invoice: ${printed.invoiceNumber}`);
  pdf.text(`Status: ${printed.status}`);
  if (printed.reason) pdf.text(`Reason: ${printed.reason}`);
  pdf.moveDown(2);

  const left = pdf.page.margins.left;
  const right = pdf.page.width - pdf.page.margins.right;
  const row = (label: string, cents: number, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, left, y);
    pdf.text(formatEur(cents), left, y, { width: right - left, align: 'right' });
    pdf.moveDown(0.4);
  };
  pdf.text(TITLES[printed.kind].line).moveDown(0.8);
  row('Net', printed.net);
  row(`VAT ${VAT_PERCENT} %`, printed.vat);
  row('Gross', printed.gross, true);
  pdf.moveDown(2);
  pdf.font('Helvetica').fontSize(9).text(printed.kind === 'invoice' ? 'Paid by card. Thank you for advertising with AdSuite.' : 'The amount is paid back to you.', left);
  pdf.end();
  return done;
}
