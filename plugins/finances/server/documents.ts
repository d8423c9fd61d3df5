/**
 * Invoices (for completed top-ups) and credit notes (for refunds), issued inside the transaction of the
 * money movement they document. Numbers run per series and year without gaps: AS-2026-000123 for
 * invoices, CN-2026-000007 for credit notes.
 */
import { QueryTypes, type Transaction } from 'sequelize';
import { type Core, type Language, languageOf, type Row } from '@adsuite/backend/kit';
import type { AdvertiserFunds } from './ledger.ts';

export type DocumentKind = 'invoice' | 'creditnote';

export const SERIES: Record<DocumentKind, string> = { invoice: 'AS', creditnote: 'CN' };

export interface Billing {
  name: string;
  url: string | null;
  contact: string | null;
  email: string | null;
  /** The account's language, which its documents are written in (absent in snapshots from before it was kept). */
  language?: Language;
}

export function documentNumber(kind: DocumentKind, year: number, sequence: number): string {
  return `${SERIES[kind]}-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The next number of the series; the row lock of the increment holds until the transaction ends. */
async function nextNumber(core: Core, transaction: Transaction, kind: DocumentKind, year: number): Promise<string> {
  const [row] = await core.sequelize.query<{ last: number }>(
    `INSERT INTO finance_document_numbers (series, year, last) VALUES (:series, :year, 1)
     ON CONFLICT (series, year) DO UPDATE SET last = finance_document_numbers.last + 1 RETURNING last`,
    { replacements: { series: SERIES[kind], year }, type: QueryTypes.SELECT, transaction },
  );
  return documentNumber(kind, year, row.last);
}

function billingOf(funds: AdvertiserFunds): Billing {
  const contact = [funds.owner?.name, funds.owner?.surname].filter(Boolean).join(' ');
  return { name: funds.name, url: funds.url, contact: contact || null, email: funds.owner?.email ?? null, language: languageOf(funds.owner?.language) };
}

export interface DocumentValues {
  net: number;
  vat: number;
  gross: number;
  status: 'open' | 'paid';
  /** The ledger entry it documents. */
  transaction: string;
  invoice?: string | null;
  reason?: string | null;
}

export async function issueDocument(core: Core, transaction: Transaction, kind: DocumentKind, advertiser: AdvertiserFunds, values: DocumentValues): Promise<Row> {
  const date = new Date().toISOString().slice(0, 10);
  const number = await nextNumber(core, transaction, kind, Number(date.slice(0, 4)));
  const row = (await core.model(kind).create({ ...values, number, date, advertiser: advertiser.id }, { transaction })).get({ plain: true }) as Row;
  await core.sequelize.query('INSERT INTO finance_billing (document_id, billing) VALUES (:id, :billing)', {
    replacements: { id: row.id, billing: JSON.stringify(billingOf(advertiser)) }, transaction,
  });
  return row;
}

/**
 * The billing data a document was issued with (documents from before the snapshot: the current data), with the
 * account's language (for snapshots without one: its owner's language now).
 */
export async function billingOfDocument(core: Core, document: Row): Promise<Billing & { language: Language }> {
  const [stored] = await core.sequelize.query<{ billing: Billing }>('SELECT billing FROM finance_billing WHERE document_id = :id', {
    replacements: { id: document.id }, type: QueryTypes.SELECT,
  });
  if (stored?.billing.language) return { ...stored.billing, language: stored.billing.language };
  const [row] = await core.sequelize.query<{ name: string; url: string | null; language: string | null }>(
    'SELECT a.name, a.url, l.language FROM advertisers a LEFT JOIN logins l ON l.id = a.owner_id WHERE a.id = :id',
    { replacements: { id: document.advertiser }, type: QueryTypes.SELECT },
  );
  const language = languageOf(row?.language);
  return stored ? { ...stored.billing, language } : { name: row?.name ?? 'unkown', url: row?.url ?? null, contact: null, email: null, language };
}
