/**
 * ZIP archives of HTML5 creatives, read with fflate: the entry list from the central directory (zip64
 * included), and one entry's bytes (stored or deflated).
 *
 * Zip bombs: the list is refused beyond ZIP_LIMITS (entries, declared size of one entry and of all), and an
 * entry is inflated in small slices that stop as soon as it grows past its declared size, so neither memory
 * nor CPU time grow with what the archive claims or hides. A damaged archive, an unsupported compression
 * method or an archive over the limits is a ZipError, a 400 answer naming the problem.
 */
import { Inflate, Unzip, unzipSync, type FlateStreamHandler, type UnzipDecoder } from 'fflate';
import { Invalid, type ServerText, text } from '@adsuite/backend/kit';

export const ZIP_LIMITS = {
  /** Files and folders in one archive. */
  entries: 1000,
  /** Unpacked bytes of one entry. */
  entryBytes: 20 * 1024 * 1024,
  /** Unpacked bytes of all entries together. */
  totalBytes: 100 * 1024 * 1024,
};

const STORED = 0;
const DEFLATED = 8;
/** Compressed bytes inflated at a time: a slice unpacks to at most ~4 MB (deflate reaches ~1:1032), so the size check comes early. */
const SLICE = 4 * 1024;
const MB = 1024 * 1024;

export class ZipError extends Invalid {
  constructor(message: ServerText) {
    super(message, [{ field: 'file', message }]);
  }
}

const damaged = (detail: string) => new ZipError(text('bookings.files.zip_damaged', { detail }));

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** The unpacked size the archive declares. */
  size: number;
}

export function isZip(data: Buffer): boolean {
  return data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;
}

/** The entries of the central directory; a ZipError when the archive is damaged, unsupported or over ZIP_LIMITS. */
export function zipEntries(data: Buffer, limits = ZIP_LIMITS): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let total = 0;
  try {
    unzipSync(data, {
      // Called per central directory record before anything is unpacked; `false` unpacks nothing.
      filter: ({ name, compression, size, originalSize }) => {
        if (entries.length >= limits.entries) throw new ZipError(text('bookings.files.zip_entries', { max: limits.entries }));
        if (!name || name.includes('\0')) throw damaged('an entry without a valid name');
        if (compression !== STORED && compression !== DEFLATED) throw damaged(`compression method ${compression} of ${name}`);
        if (!Number.isSafeInteger(size) || !Number.isSafeInteger(originalSize) || size < 0 || originalSize < 0 || size > data.length) {
          throw damaged(`the sizes of ${name}`);
        }
        if (compression === STORED && size !== originalSize) throw damaged(`the sizes of ${name}`);
        if (originalSize > limits.entryBytes) throw new ZipError(text('bookings.files.zip_entry_size', { name, max: limits.entryBytes / MB }));
        total += originalSize;
        if (total > limits.totalBytes) throw new ZipError(text('bookings.files.zip_total_size', { max: limits.totalBytes / MB }));
        entries.push({ name, method: compression, compressedSize: size, size: originalSize });
        return false;
      },
    });
  } catch (error) {
    throw error instanceof ZipError ? error : damaged(error instanceof Error ? error.message : String(error));
  }
  return entries;
}

/** fflate's unzip stream decoder for deflate, inflating in slices and stopping past `limit` bytes. */
function boundedInflate(limit: number, name: string) {
  return class BoundedInflate implements UnzipDecoder {
    static compression = DEFLATED;
    ondata: FlateStreamHandler & UnzipDecoder['ondata'] = () => undefined;
    private total = 0;
    private readonly inflate = new Inflate((chunk, final) => {
      this.total += chunk.length;
      if (this.total > limit) throw damaged(`${name} unpacks to more than it declares`);
      this.ondata(null, chunk, final);
    });

    push(chunk: Uint8Array, final: boolean) {
      if (!chunk.length) return this.inflate.push(chunk, final);
      for (let at = 0; at < chunk.length; at += SLICE) this.inflate.push(chunk.subarray(at, at + SLICE), final && at + SLICE >= chunk.length);
    }
  };
}

/** The unpacked bytes of `entry` (from zipEntries of the same data); a ZipError when they cannot be read. */
export function readZipEntry(data: Buffer, entry: ZipEntry, limits = ZIP_LIMITS): Buffer {
  const chunks: Uint8Array[] = [];
  let found = false;
  let complete = false;
  try {
    const unzip = new Unzip((file) => {
      if (found || file.name !== entry.name) return;
      found = true;
      file.ondata = (error, chunk, final) => {
        if (error) throw error;
        chunks.push(chunk);
        complete = final;
      };
      file.start();
    });
    unzip.register(boundedInflate(Math.min(entry.size, limits.entryBytes), entry.name));
    unzip.push(data, true);
  } catch (error) {
    throw error instanceof ZipError ? error : damaged(error instanceof Error ? error.message : String(error));
  }
  if (!found || !complete) throw damaged(`${entry.name} cannot be read`);
  const content = Buffer.concat(chunks);
  if (content.length !== entry.size) throw damaged(`${entry.name} does not have its declared size`);
  return content;
}

/** The page an HTML5 creative opens with: index.html at the top, else the shallowest .html entry. */
export function htmlEntry(entries: ZipEntry[]): ZipEntry | undefined {
  const pages = entries.filter((e) => /\.html?$/i.test(e.name) && !e.name.startsWith('__MACOSX/'));
  return pages.find((e) => /^index\.html?$/i.test(e.name)) ?? pages.sort((a, b) => a.name.split('/').length - b.name.split('/').length)[0];
}
