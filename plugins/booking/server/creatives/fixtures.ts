/**
 * Real files for the creative tests, built byte by byte: PNG (IHDR + deflated IDAT with CRCs), a JPEG header
 * with its frame size, MP4 (ftyp + moov with mvhd and a video tkhd), WebM (EBML header, Info, Tracks) and
 * zip archives.
 */
import { deflateRawSync, deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
}

/** A valid RGB PNG of one colour. */
export function png(width: number, height: number, rgb: [number, number, number] = [11, 111, 184]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const ihdr = Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** SOI, a JFIF APP0 and a baseline frame header carrying the size, EOI. */
export function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.concat([Buffer.from([0xff, 0xe0]), u16(16), Buffer.from('JFIF\0', 'latin1'), Buffer.from([1, 1, 0]), u16(1), u16(1), Buffer.from([0, 0])]);
  const sof0 = Buffer.concat([Buffer.from([0xff, 0xc0]), u16(17), Buffer.from([8]), u16(height), u16(width), Buffer.from([3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1])]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0, Buffer.from([0xff, 0xd9])]);
}

export const gif = (width: number, height: number) =>
  Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([width & 0xff, width >> 8, height & 0xff, height >> 8, 0, 0, 0]), Buffer.from([0x3b])]);

const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};

const MATRIX = Buffer.concat([u32(0x10000), u32(0), u32(0), u32(0), u32(0x10000), u32(0), u32(0), u32(0), u32(0x40000000)]);

/** An MP4 of `seconds` (mvhd version 0, or 1 with 64-bit times) with one video track of the given size. */
export function mp4(seconds: number, width = 1920, height = 1080, version: 0 | 1 = 0): Buffer {
  const timescale = 1000;
  const duration = Math.round(seconds * timescale);
  const times = version === 1
    ? Buffer.concat([Buffer.alloc(16), u32(timescale), u32(0), u32(duration)])
    : Buffer.concat([Buffer.alloc(8), u32(timescale), u32(duration)]);
  const mvhd = box('mvhd', Buffer.from([version, 0, 0, 0]), times, u32(0x10000), u16(0x100), Buffer.alloc(10), MATRIX, Buffer.alloc(24), u32(2));
  const tkhd = box('tkhd', Buffer.from([0, 0, 0, 3]), Buffer.alloc(8), u32(1), Buffer.alloc(4), u32(duration), Buffer.alloc(8), Buffer.alloc(8), MATRIX, u32(width * 65536), u32(height * 65536));
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from('isomiso2avc1mp41', 'latin1'));
  return Buffer.concat([ftyp, box('moov', mvhd, box('trak', tkhd)), box('mdat', Buffer.alloc(64))]);
}

const ebml = (id: number[], ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  if (body.length > 126) throw new Error('fixture element too large');
  return Buffer.concat([Buffer.from(id), Buffer.from([0x80 | body.length]), body]);
};

/** A WebM with Info (TimecodeScale 1 ms, Duration as float64) and one video track; the Segment size is unknown. */
export function webm(seconds: number, width = 640, height = 360): Buffer {
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(seconds * 1000);
  const header = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm', 'latin1')));
  const info = ebml([0x15, 0x49, 0xa9, 0x66], ebml([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])), ebml([0x44, 0x89], duration));
  const tracks = ebml([0x16, 0x54, 0xae, 0x6b], ebml([0xae], ebml([0xe0], ebml([0xb0], u16(width)), ebml([0xba], u16(height)))));
  return Buffer.concat([header, Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), info, tracks]);
}

/** A zip of deflated entries. */
export function zip(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name, 'utf8');
    // Local and central headers share method, CRC, sizes and name length; the central one 2 bytes later.
    const header = (signature: number, length: number, at: number) => {
      const b = Buffer.alloc(length);
      b.writeUInt32LE(signature, 0);
      b.writeUInt16LE(20, 4);
      b.writeUInt16LE(8, at);
      b.writeUInt32LE(crc32(data), at + 6);
      b.writeUInt32LE(packed.length, at + 10);
      b.writeUInt32LE(data.length, at + 14);
      b.writeUInt16LE(fileName.length, at + 18);
      return b;
    };
    const local = header(0x04034b50, 30, 8);
    const central = header(0x02014b50, 46, 10);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
