/**
 * Small PNG pictures drawn pixel by pixel (RGBA, deflated, with CRCs): the demo library's logo and product image,
 * and the images of the plugin's tests. Nothing is downloaded.
 */
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([size, body, crc]);
}

/** A PNG of `width` x `height` whose pixel (x, y) is `paint(x, y)`. */
export function drawPng(width: number, height: number, paint: (x: number, y: number) => Rgba): Buffer {
  const rows = Buffer.alloc((1 + width * 4) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (1 + width * 4);
    for (let x = 0; x < width; x++) rows.set(paint(x, y), start + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const hex = (colour: string, alpha = 255): Rgba => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)).concat(alpha) as Rgba;
const CLEAR: Rgba = [0, 0, 0, 0];

/** A round badge in `colour` with a white ring: a logo. */
export function badge(size: number, colour: string): Buffer {
  const fill = hex(colour);
  const white = hex('#ffffff');
  const middle = (size - 1) / 2;
  return drawPng(size, size, (x, y) => {
    const r = Math.hypot(x - middle, y - middle) / (size / 2);
    if (r > 1) return CLEAR;
    return r > 0.55 && r < 0.7 ? white : fill;
  });
}

/** A shopping bag in `colour` on a light background: a product image. */
export function bag(size: number, colour: string): Buffer {
  const fill = hex(colour);
  const back = hex('#f4f6f8');
  const handle = hex('#37474f');
  return drawPng(size, size, (x, y) => {
    const [u, v] = [x / size, y / size];
    if (u > 0.22 && u < 0.78 && v > 0.35 && v < 0.88) return fill;
    const ring = Math.hypot(u - 0.5, v - 0.35);
    if (v < 0.35 && ring > 0.13 && ring < 0.17) return handle;
    return back;
  });
}
