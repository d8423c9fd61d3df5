/**
 * A feed file's products as rows of named values, streamed: CSV through csv-parse (a header row names the columns;
 * the catalog's delimiter, tab allowed), XML through saxes (every element the selector names is one product; its
 * attributes and the text of the elements inside it are its values). Names are compared in lower case without a
 * namespace prefix (`g:id` is `id`). A line that is no record is reported and skipped; a feed that is not CSV or XML
 * at all ends with a FeedError. Memory stays bounded: records are read as the bytes arrive, a record has a size
 * limit, and the consumer's pace (awaiting each batch) holds the stream.
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { parse, type CsvError } from 'csv-parse';
import { SaxesParser, type SaxesTag } from 'saxes';
import { text, type ServerText } from '@adsuite/backend/kit';
import { FeedError, isOwnError, shortDetail } from './feedError.ts';

/** One record of the feed: the line it starts on and its values by lower-case name. */
export interface FeedRow {
  line: number;
  values: Record<string, string>;
}

/** Where the reader reports a record it skipped. */
export type SkippedRecord = (line: number, problem: ServerText) => void;

/** The largest record (bytes of one CSV record, characters of one XML product). */
const MAX_RECORD = 1_000_000;

/** A column or element name as rows name it: lower case, no namespace prefix, no surrounding blanks or BOM. */
export const fieldName = (name: string) => name.replace(/^\uFEFF/, '').trim().replace(/^[^:]*:/, '').toLowerCase();

export async function* csvRows(input: Readable, delimiter: string, skipped: SkippedRecord): AsyncGenerator<FeedRow> {
  const parser = parse({
    delimiter, bom: true, columns: (header: string[]) => header.map(fieldName), info: true, skip_empty_lines: true,
    skip_records_with_error: true, relax_quotes: false, max_record_size: MAX_RECORD, trim: true,
  });
  parser.on('skip', (error: CsvError) => skipped(Number((error as unknown as { lines?: number }).lines ?? 0), text('catalogs.line.bad_record', { detail: shortDetail(error) })));
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      yield { line: info.lines, values: record };
    }
  } catch (error) {
    if (isOwnError(error)) throw error;
    throw new FeedError(text('catalogs.feed.csv', { detail: shortDetail(error) }));
  } finally {
    if (!input.destroyed) input.destroy();
  }
}

const attributeText = (value: string | { value: string }) => (typeof value === 'string' ? value : value.value).trim();

/** Whether the open elements `stack` end with the selector's steps. */
const selected = (stack: string[], selector: string[]) =>
  stack.length >= selector.length && selector.every((step, i) => stack[stack.length - selector.length + i] === step);

export async function* xmlRows(input: Readable, selector: string[], skipped: SkippedRecord): AsyncGenerator<FeedRow> {
  void skipped;
  const parser = new SaxesParser({ position: true });
  const stack: string[] = [];
  const done: FeedRow[] = [];
  let product: { row: FeedRow; depth: number; size: number } | null = null;
  /** The text of the element open inside the product, by depth. */
  const texts: string[] = [];
  let matched = 0;
  let failure: FeedError | null = null;

  parser.on('error', (error) => {
    failure ??= new FeedError(text('catalogs.feed.xml', { detail: shortDetail(error) }), parser.line);
    throw failure;
  });
  parser.on('opentag', (tag: SaxesTag) => {
    stack.push(fieldName(tag.name));
    if (!product && selected(stack, selector)) {
      product = { row: { line: parser.line, values: {} }, depth: stack.length, size: 0 };
      matched++;
      for (const [name, value] of Object.entries(tag.attributes)) product.row.values[fieldName(name)] ??= attributeText(value);
    } else if (product) {
      texts[stack.length] = '';
      for (const [name, value] of Object.entries(tag.attributes)) product.row.values[`${stack[stack.length - 1]}.${fieldName(name)}`] ??= attributeText(value);
    }
  });
  const addText = (value: string) => {
    if (!product || stack.length <= product.depth) return;
    product.size += value.length;
    if (product.size > MAX_RECORD) {
      failure ??= new FeedError(text('catalogs.feed.xml', { detail: `a product is larger than ${MAX_RECORD} characters` }), product.row.line);
      throw failure;
    }
    texts[stack.length] += value;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const name = stack[stack.length - 1];
    if (product && stack.length === product.depth) {
      done.push(product.row);
      product = null;
    } else if (product && stack.length > product.depth) {
      const value = texts[stack.length].trim();
      if (value !== '') product.row.values[name] ??= value;
      texts[stack.length] = '';
    }
    stack.pop();
  });

  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      parser.write(decoder.write(chunk));
      yield* done.splice(0, done.length);
    }
    parser.write(decoder.end());
    parser.close();
    yield* done.splice(0, done.length);
  } catch (error) {
    if (isOwnError(error)) throw error;
    throw failure ?? new FeedError(text('catalogs.feed.xml', { detail: shortDetail(error) }), parser.line);
  } finally {
    if (!input.destroyed) input.destroy();
  }
  if (!matched) throw new FeedError(text('catalogs.feed.no_elements', { selector: selector.join('/') }));
}
