/**
 * The job `catalog.import` (payload `{ catalog: <id> }`; the affiliate wizard queues it on set-live, the catalog
 * screen through POST /api/catalog/{id}/import): reads the catalog's feed (its uploaded file, else its URL) as a
 * stream and makes the catalog's products what the feed says.
 *
 * While the feed is read, its products go in batches into a staging table (`catalog_import_rows`, one run id each),
 * each batch a statement of its own; the catalog's `progress` counts the rows read, and the same statement tells
 * whether the import was cancelled (`importRunning` false) or handed to another run. Only at the end, in one
 * transaction, the catalog's products are updated by product id, the new ones created, those gone from the feed
 * removed, and the catalog's count, last import and error flag set. A feed that cannot be read (a broken file, a
 * refused URL, no valid product) or a cancelled import therefore leave the catalog's products as they were; the
 * parsing-error flag and the first problems say why. Rows with problems are skipped and listed; a product whose row
 * had a problem but a readable id is kept, not removed.
 *
 * A run that dies is run again by the queue (the claim below lets the same job continue); the last failed run
 * ends the import. Memory stays bounded by the batch, whatever the feed's size.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { QueryTypes, type Transaction } from 'sequelize';
import { csvDelimiterOf, xmlSelectorOf } from '@adsuite/config/catalogFeed';
import { isLastRun, text, type Core, type JobRun, type ServerText } from '@adsuite/backend/kit';
import { FeedError, ImportStopped } from './feedError.ts';
import { csvRows, xmlRows, type FeedRow } from './feedRows.ts';
import { fetchFeed } from './feedFetch.ts';
import { namesOf, productOf, type ProductValues } from './productRow.ts';
import { feedSettings, type FeedSettings } from './settings.ts';
import { unpackFeed, type Compression } from './unpack.ts';

export const IMPORT_JOB = 'catalog.import';
export const STAGING = 'catalog_import_rows';
/** Rows per staging statement (and per progress update). */
const BATCH = 500;
/** Problems kept for the catalog screen; the rest are counted. */
export const MAX_ERRORS = 20;

/** What the catalog's `importErrors` holds. */
export interface ImportErrors {
  total: number;
  first: { line: number | null; text: ServerText }[];
}

interface CatalogRow {
  id: string;
  advertiser_id: string;
  url: string | null;
  datatype: string | null;
  compression: string | null;
  delimiter: string | null;
  import_file: string | null;
}

export async function prepareImport(core: Core): Promise<void> {
  await core.sequelize.query(`CREATE TABLE IF NOT EXISTS ${STAGING} (
    run_id UUID NOT NULL,
    catalog_id UUID NOT NULL,
    product_id TEXT NOT NULL,
    line INTEGER NOT NULL,
    valid BOOLEAN NOT NULL,
    name TEXT, url TEXT, image TEXT, price BIGINT, sale_price BIGINT, brand TEXT, category TEXT, description TEXT, available BOOLEAN,
    PRIMARY KEY (run_id, product_id)
  )`);
  await core.sequelize.query(`CREATE INDEX IF NOT EXISTS ${STAGING}_catalog_idx ON ${STAGING} (catalog_id)`);
  // The feed's format as the declaration's defaults say, also for catalogs written without them (the demo seed, older
  // rows, other plugins' direct writes): the import and the API answers then read a format, never null.
  const catalogs = core.resource('catalog').table;
  await core.sequelize.query(`ALTER TABLE ${catalogs} ALTER COLUMN datatype SET DEFAULT 'csv', ALTER COLUMN compression SET DEFAULT 'none', ALTER COLUMN delimiter SET DEFAULT ','`);
  await core.sequelize.query(`UPDATE ${catalogs} SET datatype = coalesce(datatype, 'csv'), compression = coalesce(compression, 'none'), delimiter = coalesce(delimiter, ',')
    WHERE datatype IS NULL OR compression IS NULL OR delimiter IS NULL`);
  // The merge finds a catalog's product by its id.
  const products = core.resource('product').table;
  await core.sequelize.query(`CREATE INDEX IF NOT EXISTS ${products}_catalog_product_idx ON ${products} (catalog_id, product_id)`);
}

/** The uploaded feeds' directory (DATA_DIR/catalog-feeds); `importFile` is relative to DATA_DIR. */
export const feedDir = (core: Core) => path.join(core.env.dataDir, 'catalog-feeds');

class Report {
  total = 0;
  readonly first: ImportErrors['first'] = [];
  add(line: number | null, item: ServerText) {
    this.total++;
    if (this.first.length < MAX_ERRORS) this.first.push({ line, text: item });
  }
  get full() {
    return this.first.length >= MAX_ERRORS;
  }
  json(): ImportErrors {
    return { total: this.total, first: this.first };
  }
}

/**
 * Takes the import for this job: the catalog row under lock says whether it is this job's to run. A job queued by
 * the screen was named on the catalog; one queued elsewhere (the wizard's set-live) takes the catalog when no other
 * import runs. Null: nothing to do (cancelled before it started, another import runs, the catalog is gone).
 */
async function claim(core: Core, catalogId: string, jobId: string): Promise<CatalogRow | null> {
  const table = core.resource('catalog').table;
  return core.sequelize.transaction(async (transaction) => {
    const [row] = await core.sequelize.query<CatalogRow & { import_running: boolean; import_job: string | null; archived_at: Date | null }>(
      `SELECT id, advertiser_id, url, datatype, compression, delimiter, import_file, import_running, import_job, archived_at FROM ${table} WHERE id = $1 FOR UPDATE`,
      { bind: [catalogId], type: QueryTypes.SELECT, transaction },
    );
    if (!row || row.archived_at) return null;
    if (row.import_job === jobId) return row.import_running ? row : null;
    if (row.import_running && row.import_job) return null;
    await core.sequelize.query(`UPDATE ${table} SET import_running = true, import_job = $2, progress = 0, updated = now() WHERE id = $1`, { bind: [catalogId, jobId], transaction });
    return row;
  });
}

/** The feed's rows as the catalog's data type reads them. */
function rowsOf(stream: NodeJS.ReadableStream, catalog: CatalogRow, report: Report): AsyncGenerator<FeedRow> {
  const skipped = (line: number, problem: ServerText) => report.add(line || null, problem);
  return catalog.datatype === 'xml'
    ? xmlRows(stream as never, xmlSelectorOf(catalog.delimiter), skipped)
    : csvRows(stream as never, csvDelimiterOf(catalog.delimiter), skipped);
}

async function openFeed(core: Core, catalog: CatalogRow, settings: FeedSettings) {
  const compression = (catalog.compression ?? 'none') as Compression;
  const tempDir = path.join(feedDir(core), 'tmp');
  if (catalog.import_file) {
    const file = path.join(core.env.dataDir, catalog.import_file);
    if (!existsSync(file)) throw new FeedError(text('catalogs.feed.file_missing'));
    return unpackFeed({ file, tempDir }, compression, settings);
  }
  if (!catalog.url) throw new FeedError(text('catalogs.no_source'));
  return unpackFeed({ stream: () => fetchFeed(catalog.url!, settings), tempDir }, compression, settings);
}

type Staged = { line: number; productId: string; product: ProductValues | null };

/** The staged columns after run and catalog, each sent as one array (a batch is one statement with 14 parameters). */
const STAGED_COLUMNS: [string, string, (row: Staged) => unknown][] = [
  ['product_id', 'text', (row) => row.productId],
  ['line', 'int', (row) => row.line],
  ['valid', 'bool', (row) => row.product !== null],
  ['name', 'text', (row) => row.product?.name ?? null],
  ['url', 'text', (row) => row.product?.url ?? null],
  ['image', 'text', (row) => row.product?.image ?? null],
  ['price', 'bigint', (row) => row.product?.price ?? null],
  ['sale_price', 'bigint', (row) => row.product?.salePrice ?? null],
  ['brand', 'text', (row) => row.product?.brand ?? null],
  ['category', 'text', (row) => row.product?.category ?? null],
  ['description', 'text', (row) => row.product?.description ?? null],
  ['available', 'bool', (row) => row.product?.available ?? null],
];

/** One batch into the staging table; answers the rows whose id came earlier in the feed (not staged). */
async function stage(core: Core, run: string, catalogId: string, batch: Staged[]): Promise<Staged[]> {
  if (!batch.length) return [];
  const arrays = STAGED_COLUMNS.map(([, , value]) => batch.map(value));
  const inserted = await core.sequelize.query<{ product_id: string; line: number }>(
    `INSERT INTO ${STAGING} (run_id, catalog_id, ${STAGED_COLUMNS.map(([column]) => column).join(', ')})
     SELECT $1, $2, ${STAGED_COLUMNS.map(([column]) => `s.${column}`).join(', ')} FROM unnest(${STAGED_COLUMNS.map(([, type], i) => `$${i + 3}::${type}[]`).join(', ')}) WITH ORDINALITY AS s(${STAGED_COLUMNS.map(([column]) => column).join(', ')}, n)
     ORDER BY s.n
     ON CONFLICT (run_id, product_id) DO NOTHING RETURNING product_id, line`,
    { bind: [run, catalogId, ...arrays], type: QueryTypes.SELECT },
  );
  const kept = new Set(inserted.map((row) => `${row.product_id}\n${row.line}`));
  return batch.filter((row) => !kept.has(`${row.productId}\n${row.line}`));
}

/** The line each of these product ids was staged from first. */
async function firstLines(core: Core, run: string, ids: string[]): Promise<Map<string, number>> {
  const rows = await core.sequelize.query<{ product_id: string; line: number }>(
    `SELECT product_id, line FROM ${STAGING} WHERE run_id = $1 AND product_id = ANY($2::text[])`, { bind: [run, ids], type: QueryTypes.SELECT },
  );
  return new Map(rows.map((row) => [row.product_id, row.line]));
}

/** Writes the rows read so far; false when this run no longer holds the import (cancelled, or another run took it). */
async function stillRunning(core: Core, catalogId: string, jobId: string, rows: number): Promise<boolean> {
  const table = core.resource('catalog').table;
  const [row] = await core.sequelize.query<{ import_running: boolean }>(
    `UPDATE ${table} SET progress = $3 WHERE id = $1 AND import_job = $2 RETURNING import_running`,
    { bind: [catalogId, jobId, rows], type: QueryTypes.SELECT },
  );
  return Boolean(row?.import_running);
}

const PRODUCT_COLUMNS = ['name', 'url', 'image', 'price', 'sale_price', 'brand', 'category', 'description', 'available'];

/** The catalog's products become the staged ones, in one transaction; false when the import was cancelled meanwhile. */
async function merge(core: Core, catalog: CatalogRow, jobId: string, run: string, rows: number, report: Report): Promise<boolean> {
  const catalogs = core.resource('catalog').table;
  const products = core.resource('product').table;
  const q = (sql: string, bind: unknown[], transaction: Transaction) => core.sequelize.query(sql, { bind, transaction });
  return core.sequelize.transaction(async (transaction) => {
    const [state] = await core.sequelize.query<{ import_running: boolean; import_job: string | null }>(
      `SELECT import_running, import_job FROM ${catalogs} WHERE id = $1 FOR UPDATE`, { bind: [catalog.id], type: QueryTypes.SELECT, transaction },
    );
    if (!state?.import_running || state.import_job !== jobId) return false;
    const set = PRODUCT_COLUMNS.map((column) => `${column} = s.${column}`).join(', ');
    const mine = PRODUCT_COLUMNS.map((column) => `p.${column}`).join(', ');
    const theirs = PRODUCT_COLUMNS.map((column) => `s.${column}`).join(', ');
    await q(
      `UPDATE ${products} p SET ${set}, updated = now() FROM ${STAGING} s
       WHERE s.run_id = $1 AND s.valid AND p.catalog_id = $2 AND p.product_id = s.product_id AND p.archived_at IS NULL
         AND (${mine}) IS DISTINCT FROM (${theirs})`, [run, catalog.id], transaction);
    await q(
      `INSERT INTO ${products} (catalog_id, advertiser_id, product_id, ${PRODUCT_COLUMNS.join(', ')})
       SELECT $2, $3, s.product_id, ${theirs} FROM ${STAGING} s
       WHERE s.run_id = $1 AND s.valid AND NOT EXISTS (SELECT 1 FROM ${products} p WHERE p.catalog_id = $2 AND p.product_id = s.product_id AND p.archived_at IS NULL)
       ORDER BY s.line`, [run, catalog.id, catalog.advertiser_id], transaction);
    await q(
      `DELETE FROM ${products} p WHERE p.catalog_id = $2 AND p.archived_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM ${STAGING} s WHERE s.run_id = $1 AND s.product_id = p.product_id)`, [run, catalog.id], transaction);
    await q(
      `UPDATE ${catalogs} SET count = (SELECT count(*) FROM ${products} WHERE catalog_id = $1 AND archived_at IS NULL),
         last_import = now(), import_running = false, progress = $2, parsing_error = $3, import_errors = $4::jsonb, import_file = NULL, updated = now()
       WHERE id = $1`, [catalog.id, rows, report.total > 0, JSON.stringify(report.json())], transaction);
    await q(`DELETE FROM ${STAGING} WHERE run_id = $1`, [run], transaction);
    return true;
  });
}

/** The import ends without touching the products: the flag and the problems say why (`report` null: cancelled). */
async function endUnchanged(core: Core, catalogId: string, jobId: string, rows: number, report: Report | null): Promise<void> {
  const table = core.resource('catalog').table;
  if (report) {
    await core.sequelize.query(
      `UPDATE ${table} SET import_running = false, progress = $3, parsing_error = true, import_errors = $4::jsonb, import_file = NULL, updated = now()
       WHERE id = $1 AND import_job = $2`, { bind: [catalogId, jobId, rows, JSON.stringify(report.json())] },
    );
  } else {
    await core.sequelize.query(`UPDATE ${table} SET progress = $3, import_file = NULL, updated = now() WHERE id = $1 AND import_job = $2`, { bind: [catalogId, jobId, rows] });
  }
}

async function forgetUpload(core: Core, catalog: CatalogRow) {
  if (catalog.import_file) await rm(path.join(core.env.dataDir, catalog.import_file), { force: true });
}

export type ImportOutcome = 'imported' | 'broken' | 'cancelled' | 'skipped';

/** How often a running import writes its progress and looks whether it was cancelled. */
const WATCH_MS = 1000;

/** One run of the job for the catalog `catalogId`. */
export async function runImport(core: Core, catalogId: string, job: JobRun): Promise<ImportOutcome> {
  const catalog = await claim(core, catalogId, job.id);
  if (!catalog) return 'skipped';
  const settings = feedSettings();
  const run = randomUUID();
  const report = new Report();
  let rows = 0;
  let valid = 0;
  let cancelled = false;
  let cleanup = async () => {};
  let watcher: NodeJS.Timeout | undefined;
  // A run before this one of the same catalog may have died halfway.
  await core.sequelize.query(`DELETE FROM ${STAGING} WHERE catalog_id = $1`, { bind: [catalogId] });
  try {
    const feed = await openFeed(core, catalog, settings);
    cleanup = feed.cleanup;
    const stop = () => {
      cancelled = true;
      feed.stream.destroy(new ImportStopped());
    };
    job.signal?.addEventListener('abort', stop, { once: true });
    // Progress and cancel while the feed is read, also while it arrives slowly.
    watcher = setInterval(() => {
      stillRunning(core, catalogId, job.id, rows).then((running) => void (running || stop()), () => {});
    }, WATCH_MS);
    let names: ReturnType<typeof namesOf> | null = null;
    let batch: Staged[] = [];
    const flush = async () => {
      const duplicates = await stage(core, run, catalogId, batch);
      batch = [];
      const first = duplicates.length && !report.full ? await firstLines(core, run, duplicates.map((row) => row.productId)) : new Map<string, number>();
      for (const row of duplicates) report.add(row.line, text('catalogs.line.duplicate', { id: row.productId, first: first.get(row.productId) ?? '?' }));
      valid -= duplicates.filter((row) => row.product).length;
    };
    for await (const row of rowsOf(feed.stream, catalog, report)) {
      rows++;
      if (rows > settings.maxProducts) throw new FeedError(text('catalogs.feed.too_many', { max: settings.maxProducts }));
      if (catalog.datatype === 'xml' || !names) {
        names = namesOf(Object.keys(row.values));
        if (!names.productId && catalog.datatype !== 'xml') {
          // The header names the columns: its line is the first.
          throw new FeedError(text('catalogs.feed.no_id_column', { columns: Object.keys(row.values).join(', ').slice(0, 300) || '-' }), 1);
        }
      }
      const result = productOf(row.values, names);
      if (result.ok) {
        valid++;
        batch.push({ line: row.line, productId: result.product.productId, product: result.product });
      } else {
        for (const problem of result.problems) report.add(row.line, problem);
        if (result.productId) batch.push({ line: row.line, productId: result.productId, product: null });
      }
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    clearInterval(watcher);
    if (valid === 0) throw new FeedError(text('catalogs.feed.no_products'));
    if (!(await merge(core, catalog, job.id, run, rows, report))) throw new ImportStopped();
    await forgetUpload(core, catalog);
    return 'imported';
  } catch (error) {
    clearInterval(watcher);
    // This run lost its job to another runner, which goes on: nothing to write.
    if (job.signal?.aborted) return 'skipped';
    if (error instanceof ImportStopped || cancelled) {
      await endUnchanged(core, catalogId, job.id, rows, null);
      await forgetUpload(core, catalog);
      return 'cancelled';
    }
    if (error instanceof FeedError || isLastRun(job, error)) {
      const broken = new Report();
      broken.add(error instanceof FeedError ? error.line : null, error instanceof FeedError ? error.text : text('catalogs.feed.failed'));
      for (const item of report.first.slice(0, MAX_ERRORS - 1)) broken.add(item.line, item.text);
      broken.total += Math.max(0, report.total - (MAX_ERRORS - 1));
      await endUnchanged(core, catalogId, job.id, rows, broken);
      await forgetUpload(core, catalog);
      if (!(error instanceof FeedError)) throw error;
      return 'broken';
    }
    throw error;
  } finally {
    await cleanup();
    await core.sequelize.query(`DELETE FROM ${STAGING} WHERE run_id = $1`, { bind: [run] });
  }
}
