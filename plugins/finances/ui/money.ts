/**
 * Money as the finance screens show and check it (SPEC section 9: EUR with two decimals in the German locale,
 * dates DD-MM-YYYY in UTC) and the VAT split the server applies to a top-up (plugins/finances README "VAT").
 */
import { stringify } from 'csv-stringify/browser/esm/sync';
import { VAT_HANDLES, VAT_PERCENT } from '@adsuite/config';
import { formatEuros } from '@adsuite/config/i18n/format';

export { VAT_PERCENT };
export type VatHandle = (typeof VAT_HANDLES)[number];

/** `1.234,50 €`; amounts arrive in euros with at most two decimals. */
export const formatEuro = (euros: number | string | null | undefined) => formatEuros(Number(euros ?? 0));

/** `2026-03-07T…` -> `07-03-2026` (UTC); '' for no date. */
export function formatDay(value: unknown): string {
  const date = value ? new Date(value as string) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 10).split('-').reverse().join('-') : '';
}

/**
 * Euros typed by a person (`50`, `50,5`, `12.5`, and with the German thousands separator `1.234,56` or
 * `100.000`) as cents, or null when it is no amount (or one too large to count in cents exactly).
 */
export function parseEuroInput(text: string): number | null {
  const cleaned = text.trim().replace(/\s|€|EUR/gi, '');
  let plain: string;
  if (/^\d+([.,]\d{1,2})?$/.test(cleaned)) plain = cleaned.replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(cleaned)) plain = cleaned.replace(/\./g, '').replace(',', '.');
  else return null;
  const cents = Math.round(Number(plain) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

export interface VatSplit {
  net: number;
  vat: number;
  gross: number;
}

/** In cents: `add` credits the amount and charges VAT on top; `deduct` charges the amount and credits it less the VAT it holds. */
export function splitVat(cents: number, handle: VatHandle): VatSplit {
  if (handle === 'add') {
    const vat = Math.round((cents * VAT_PERCENT) / 100);
    return { net: cents, vat, gross: cents + vat };
  }
  const net = Math.round((cents * 100) / (100 + VAT_PERCENT));
  return { net, vat: cents - net, gross: cents };
}

/** Card number in groups of four as it is typed. */
export const groupCardNumber = (text: string) => text.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

/** `0428` / `04/28` -> `04/28` as it is typed. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Luhn check, so a mistyped number is caught before the payment is sent. */
export function isCardNumber(text: string): boolean {
  const digits = text.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19) return false;
  const sum = [...digits].reverse().reduce((total, char, index) => {
    const digit = Number(char) * (index % 2 ? 2 : 1);
    return total + (digit > 9 ? digit - 9 : digit);
  }, 0);
  return sum % 10 === 0;
}

/** MM/YY in the current month or later. */
export function isFutureExpiry(text: string, today = new Date()): boolean {
  const match = /^(\d{2})\/(\d{2})$/.exec(text);
  if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) return false;
  const year = 2000 + Number(match[2]);
  return year * 12 + Number(match[1]) >= today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
}

/** Text a spreadsheet program would run as a formula gets a leading apostrophe; plain numbers stay numbers. */
export function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
}

/**
 * A CSV file's text (csv-stringify): CRLF line ends; cells with the separator, a quote, a line break or a
 * semicolon quoted; formulas defused. `delimiter` is the separator (`,` unless a file says otherwise).
 */
export function toCsv(rows: unknown[][], { delimiter = ',' }: { delimiter?: string } = {}): string {
  return stringify(rows, {
    delimiter,
    record_delimiter: 'windows',
    quoted_match: /[\r\n;]/,
    cast: { string: defuseFormula, boolean: String, date: (value) => value.toISOString() },
  });
}
