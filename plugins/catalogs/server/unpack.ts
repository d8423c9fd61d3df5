/**
 * A feed's bytes as they were packed (`compression` of SPEC section 3: none, zip, gz, tar, tar.gz) turned into the
 * bytes of the feed file, streamed: gzip through node's zlib, tar through tar-stream's extractor (the archive's first
 * regular file), zip through yauzl, which needs the file on disk (a zip's directory is at its end), so a zip from a
 * URL is first written to a temporary file. Every stage's failure arrives as a FeedError on the returned stream, and
 * the unpacked bytes are counted against their own limit (a small archive may unpack to a huge file).
 */
import { mkdir, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createReadStream, createWriteStream } from 'node:fs';
import { PassThrough, type Readable, type Transform, type Writable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import yauzl from 'yauzl';
import { text } from '@adsuite/backend/kit';
import { byteLimit } from './feedFetch.ts';
import { FeedError, shortDetail } from './feedError.ts';
import type { FeedSettings } from './settings.ts';

export type Compression = 'none' | 'zip' | 'gz' | 'tar' | 'tar.gz';

/** Where the packed bytes come from: a file on disk, or a stream (a download) that `spool` can write to disk. */
export interface PackedFeed {
  file?: string;
  stream?: () => Promise<Readable>;
  /** A directory for temporary files. */
  tempDir: string;
}

/** Files inside archives that are no feed: directories' entries, macOS resource forks. */
const isFeedEntry = (name: string) => !name.endsWith('/') && !name.includes('__MACOSX/') && !path.posix.basename(name).startsWith('._');

const unpackError = (compression: Compression, error: unknown) =>
  error instanceof FeedError ? error : new FeedError(text('catalogs.feed.unpack', { compression, detail: shortDetail(error) }));

type Stage = Readable | Transform | Writable;

/**
 * Pipes `stages` into `out`. The first error of any stage ends everything, and `out` with the error `label` makes of
 * it; when the reader of `out` stops early (destroys it), the stages stop too.
 */
function connect(stages: Stage[], out: PassThrough, label: (error: unknown) => FeedError) {
  let failed = false;
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    for (const stage of stages) stage.destroy();
    if (!out.destroyed) out.destroy(label(error));
  };
  for (const stage of stages) stage.on('error', fail);
  for (let i = 0; i < stages.length - 1; i++) (stages[i] as Readable).pipe(stages[i + 1] as Writable);
  (stages[stages.length - 1] as Readable).pipe(out);
  out.on('close', () => {
    if (!out.readableEnded) for (const stage of stages) stage.destroy();
  });
  return fail;
}

/**
 * The first feed file of a tar stream, through `limited`, into `out`. The entries after it are read past (not kept),
 * so the archive's own errors still surface while the feed is read; a broken tail after the feed has ended changes
 * nothing.
 */
function firstTarEntry(packed: Readable, compression: Compression, limited: Transform, out: PassThrough) {
  const extract = tar.extract();
  let found = false;
  const stages = (compression === 'tar.gz' ? [packed, createGunzip(), extract] : [packed, extract]) as unknown as Stage[];
  let failed = false;
  const fail = (error: unknown) => {
    if (failed || out.writableFinished) return;
    failed = true;
    for (const stage of [...stages, limited]) stage.destroy();
    if (!out.destroyed) out.destroy(unpackError(compression, error));
  };
  for (const stage of stages) stage.on('error', fail);
  limited.on('error', fail);
  for (let i = 0; i < stages.length - 1; i++) (stages[i] as Readable).pipe(stages[i + 1] as Writable);
  extract.on('entry', (header, entry, next) => {
    entry.on('end', next);
    if (found || header.type !== 'file' || !isFeedEntry(header.name)) return void entry.resume();
    found = true;
    entry.on('error', fail);
    entry.pipe(limited).pipe(out);
  });
  extract.on('finish', () => {
    if (!found) fail(new FeedError(text('catalogs.feed.archive_empty')));
  });
  out.on('close', () => {
    if (!out.readableEnded) for (const stage of stages) stage.destroy();
  });
}

/** Writes a stream to a new temporary file and answers its path. */
async function spool(stream: Readable, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.zip`);
  try {
    await pipelineAsync(stream, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return file;
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => yauzl.open(file, { lazyEntries: true, autoClose: true, strictFileNames: false }, (error, zip) => (error ? reject(error) : resolve(zip))));
}

/** The first feed file of a zip on disk. */
async function firstZipEntry(file: string): Promise<Readable> {
  const zip = await openZip(file);
  return new Promise((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => reject(new FeedError(text('catalogs.feed.archive_empty'))));
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!isFeedEntry(entry.fileName)) return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        stream.on('end', () => zip.close());
        resolve(stream);
      });
    });
    zip.readEntry();
  });
}

/**
 * The feed file's bytes. `cleanup` removes what unpacking left on disk (a spooled zip); call it when done, whatever
 * happened.
 */
export async function unpackFeed(feed: PackedFeed, compression: Compression, settings: FeedSettings): Promise<{ stream: Readable; cleanup: () => Promise<void> }> {
  const out = new PassThrough();
  const limited = byteLimit(settings.maxUnpackedBytes, 'unpacked_too_large');
  const temporary: string[] = [];
  const cleanup = async () => {
    for (const file of temporary) await rm(file, { force: true });
  };
  const packed = async () => (feed.file ? createReadStream(feed.file) : await feed.stream!());
  const unpacking = (error: unknown) => unpackError(compression, error);

  if (compression === 'zip') {
    let file = feed.file;
    if (!file) {
      file = await spool(await packed(), feed.tempDir);
      temporary.push(file);
    }
    let entry: Readable;
    try {
      entry = await firstZipEntry(file);
    } catch (error) {
      await cleanup();
      throw unpacking(error);
    }
    connect([entry, limited], out, unpacking);
  } else if (compression === 'tar' || compression === 'tar.gz') {
    firstTarEntry(await packed(), compression, limited, out);
  } else if (compression === 'gz') {
    connect([await packed(), createGunzip(), limited], out, unpacking);
  } else {
    connect([await packed(), limited], out, (error) => (error instanceof FeedError ? error : new FeedError(text('catalogs.feed.network', { detail: shortDetail(error) }))));
  }
  return { stream: out, cleanup };
}
