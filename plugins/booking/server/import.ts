/**
 * Bulk import of bookings from CSV (SPEC section 7 "POST /booking/import/{entityId}"): a header row of booking
 * field names, one booking a line. Every line goes through the same rules and service as the wizard's create,
 * each in its own transaction; every refused line is reported with its line number. The file is checked by
 * content (text, CSV, 10 MB), not by its name alone.
 */
import { parse } from 'csv-parse/sync';
import { bookingMarker, IMPORT_MAX_LINES, type BookingDraft, type BookingMessageKey, type MessageValues } from '@adsuite/config/booking/index';
import { type Core, type FieldError, Forbidden, getRecord, HttpError, Invalid, type Message, type RequestContext, type ServerText, text as serverText } from '@adsuite/backend/kit';
import { createBooking } from './bookings.ts';

export interface ImportResult {
  total: number;
  created: number;
  failed: number;
  errors: { name: string; line: number; errors: FieldError[] }[];
}

export interface UploadedFile {
  originalname: string;
  mimetype: string;
  buffer: Buffer;
}

/** A booking rule's text (config/booking/messages.ts) in the reader's language. */
const ruleText = (key: BookingMessageKey, values?: MessageValues): ServerText => serverText(`booking.${key}`, values);

export function fileError(key: BookingMessageKey, values?: MessageValues): Invalid {
  const message = ruleText(key, values);
  return new Invalid(message, [{ field: 'file', message }]);
}

type Reader = (raw: string, column: string) => unknown;

const LIST = /[|,;\s]+/;
const items = (raw: string) => raw.split(LIST).map((x) => x.trim()).filter(Boolean);
const text: Reader = (raw) => raw;
const number: Reader = (raw) => (/^-?\d+,\d+$/.test(raw.trim()) ? raw.trim().replace(',', '.') : raw);
const list: Reader = (raw) => items(raw);
const lines: Reader = (raw) => raw.split(/\s*[|\n]\s*/).join('\n');
const TRUE = ['true', '1', 'yes', 'ja', 'x'];
const FALSE = ['false', '0', 'no', 'nein', ''];
const boolean: Reader = (raw) => (TRUE.includes(raw.trim().toLowerCase()) ? true : FALSE.includes(raw.trim().toLowerCase()) ? false : raw);
/** `platform161:2|facebook:1` */
const allocation: Reader = (raw) => raw.split(/[|;,]+/).map((entry) => entry.trim()).filter(Boolean).map((entry) => {
  const [channel, weight] = entry.split(':').map((x) => x.trim());
  return { channel, weight: weight === undefined ? 1 : Number(weight) };
});
/** `Berlin|Hamburg`: the names of the geo locations. */
const markers: Reader = (raw) => raw.split('|').map((x) => x.trim()).filter(Boolean).map((name) => bookingMarker({ name }));
class BadJson extends Error {
  constructor(readonly text: ServerText) {
    super(text.key);
  }
}
const json: Reader = (raw, column) => {
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadJson(ruleText('import_bad_json', { column }));
  }
};

/** The booking fields a CSV column may name, and how its text reads. */
const COLUMNS: Record<string, Reader> = {
  name: text, goal: text, goalValue: number, budget: number, dailyBudget: number, start: text, end: text, continously: boolean,
  channels: list, allocation, splitBudget: boolean, pacing: text, specialCategory: text, callToAction: text, bookingtemplate: text,
  target: text, displayUrl: text, retargeting: boolean, gender: text, age: list, income: list, markers, countries: list,
  domains: lines, blacklist: lines, categories: list, cdpSegments: json, domainlists: json, creatives: json, creativeService: json,
  invoiceItemName: text,
};
const COLUMN_BY_NAME = new Map(Object.keys(COLUMNS).map((key) => [key.toLowerCase(), key]));

const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'application/octet-stream'];

/** The file's text when it is a UTF-8 text file named or typed as CSV; else a 400. */
function csvText(file: UploadedFile | undefined): string {
  if (!file) throw fileError('import_file_required');
  const named = /\.(csv|txt)$/i.test(file.originalname);
  if (!named && !CSV_TYPES.includes(file.mimetype)) throw fileError('import_not_csv');
  if (file.buffer.includes(0)) throw fileError('import_not_csv');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file.buffer);
  } catch {
    throw fileError('import_not_csv');
  }
}

/** Semicolon files come from German spreadsheet programs; the header line tells which separator is used. */
function delimiterOf(content: string): string {
  const header = content.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0];
  const count = (c: string) => header.split(c).length - 1;
  return [';', '\t'].find((c) => count(c) > count(',')) ?? ',';
}

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

function parseCsv(content: string): CsvRecord[] {
  try {
    return parse(content, { bom: true, delimiter: delimiterOf(content), info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as CsvRecord[];
  } catch {
    throw fileError('import_not_csv');
  }
}

function readHeader(record: string[]): string[] {
  const header = record.map((name) => name.trim());
  if (!header.length || header.every((name) => name === '')) throw fileError('import_no_header');
  const unknown = header.filter((name) => !COLUMN_BY_NAME.has(name.toLowerCase()));
  if (unknown.length) {
    const errors = unknown.map((column) => ({ field: 'file', message: ruleText('import_unknown_column', { column }) }));
    throw new Invalid(errors[0].message, errors);
  }
  return header.map((name) => COLUMN_BY_NAME.get(name.toLowerCase())!);
}

function draftOf(header: string[], record: string[], advertiser: string): BookingDraft {
  const draft: BookingDraft = {};
  header.forEach((key, i) => {
    const raw = record[i] ?? '';
    // An empty cell leaves the field to its default.
    if (raw.trim() !== '') draft[key] = COLUMNS[key](raw, key);
  });
  return { ...draft, advertiser };
}

/** A refused line's reason; an unexpected failure of one line is logged and does not stop the others. */
function messageOf(error: unknown): Message {
  if (error instanceof HttpError || error instanceof BadJson) return error.text;
  console.error('booking import:', error);
  return serverText('bookings.saving_failed');
}

/** Imports the bookings of a CSV file for one advertiser (the entity id) the user may reach and book for. */
export async function importBookings(core: Core, ctx: RequestContext, advertiserId: string, file: UploadedFile | undefined): Promise<ImportResult> {
  const advertiser = await getRecord(core, ctx, core.resource('advertiser'), advertiserId);
  if (!ctx.ability.can('create', 'booking')) throw new Forbidden();
  const [head, ...records] = parseCsv(csvText(file));
  if (!head) throw fileError('import_no_header');
  const header = readHeader(head.record);
  if (records.length > IMPORT_MAX_LINES) throw fileError('import_too_many_lines', { max: IMPORT_MAX_LINES });
  const result: ImportResult = { total: records.length, created: 0, failed: 0, errors: [] };
  for (const { record, info } of records) {
    const name = record[header.indexOf('name')] ?? '';
    try {
      if (record.length !== header.length) throw new Invalid(serverText('bookings.line_fields', { fields: record.length, header: header.length }));
      await createBooking(core, ctx, draftOf(header, record, advertiser.id as string));
      result.created += 1;
    } catch (error) {
      result.failed += 1;
      const errors = error instanceof HttpError && error.errors.length ? error.errors : [{ field: '', message: messageOf(error) }];
      result.errors.push({ name, line: info.lines, errors: errors.map(({ field, message }) => ({ field, message })) });
    }
  }
  return result;
}
