/**
 * Just enough of the ZIP format for HTML5 creatives: the entry list from the central directory, and one
 * entry's bytes (stored or deflated). Zip64 and encrypted archives are not read (answered as invalid).
 */
import { inflateRawSync } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeader: number;
}

export function isZip(data: Buffer): boolean {
  return data.length >= 4 && data.readUInt32LE(0) === LOCAL_HEADER;
}

/** The entries, or null when the archive is damaged or uses what this reader does not support. */
export function zipEntries(data: Buffer): ZipEntry[] | null {
  // The end record is in the last 22 + 65535 (comment) bytes.
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 65535); i--) {
    if (data.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== CENTRAL_HEADER) return null;
    const flags = data.readUInt16LE(offset + 8);
    const nameLength = data.readUInt16LE(offset + 28);
    const entry: ZipEntry = {
      method: data.readUInt16LE(offset + 10),
      compressedSize: data.readUInt32LE(offset + 20),
      size: data.readUInt32LE(offset + 24),
      name: data.toString('utf8', offset + 46, offset + 46 + nameLength),
      localHeader: data.readUInt32LE(offset + 42),
    };
    if (flags & 1 || entry.compressedSize === 0xffffffff || entry.localHeader >= data.length) return null;
    entries.push(entry);
    offset += 46 + nameLength + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
  }
  return entries;
}

export function readZipEntry(data: Buffer, entry: ZipEntry): Buffer | null {
  const at = entry.localHeader;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL_HEADER) return null;
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const raw = data.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return raw;
  if (entry.method !== 8) return null;
  try {
    // An entry may unpack to at most 20 MB: a zip bomb must not fill the memory of a public endpoint.
    return inflateRawSync(raw, { maxOutputLength: 20 * 1024 * 1024 });
  } catch {
    return null;
  }
}

/** The page an HTML5 creative opens with: index.html at the top, else the shallowest .html entry. */
export function htmlEntry(entries: ZipEntry[]): ZipEntry | undefined {
  const pages = entries.filter((e) => /\.html?$/i.test(e.name) && !e.name.startsWith('__MACOSX/'));
  return pages.find((e) => /^index\.html?$/i.test(e.name)) ?? pages.sort((a, b) => a.name.split('/').length - b.name.split('/').length)[0];
}
