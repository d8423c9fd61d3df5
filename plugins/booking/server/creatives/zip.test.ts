import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { HttpError } from '@adsuite/backend/kit';
import { gif, zip } from './fixtures.ts';
import { useCreativeServer } from './testkit.ts';
import { htmlEntry, isZip, readZipEntry, ZIP_LIMITS, ZipError, zipEntries } from './zip.ts';

const kit = useCreativeServer();
const SHOP = 'advertiser@demo.test';
const PAGE = '<!doctype html><html><head><title>ad</title></head><body><script src="js/ad.js"></script></body></html>';

/** A zip as an archiver writes it (fflate's zipSync): deflated and stored entries, a folder, a data descriptor-free layout. */
function realZip(): Buffer {
  return Buffer.from(zipSync({
    'banner/': new Uint8Array(0),
    'banner/index.html': strToU8(PAGE),
    'banner/js/ad.js': [strToU8('console.log("ad");'.repeat(200)), { level: 0 }],
    'banner/img/logo.gif': gif(40, 20),
    'banner/Grüße.txt': strToU8('umlauts in names'),
  }, { level: 9 }));
}

/** A zip whose `big.bin` says it unpacks to 100 bytes but holds `bytes` of zeros. */
function lyingZip(bytes: number): Buffer {
  const archive = zip({ 'index.html': PAGE, 'big.bin': Buffer.alloc(bytes) });
  const central = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  const local = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), central);
  archive.writeUInt32LE(100, central + 24);
  archive.writeUInt32LE(100, local + 22);
  return archive;
}

function zipError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ZipError);
    expect((error as HttpError).status).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error('no error');
}

describe('reading zip archives', () => {
  it('lists and reads a real archive: deflated, stored, folders and UTF-8 names', () => {
    const archive = realZip();
    expect(isZip(archive)).toBe(true);
    const entries = zipEntries(archive);
    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ['banner/', 8], ['banner/index.html', 8], ['banner/js/ad.js', 0], ['banner/img/logo.gif', 8], ['banner/Grüße.txt', 8],
    ]);
    expect(htmlEntry(entries)?.name).toBe('banner/index.html');
    expect(readZipEntry(archive, htmlEntry(entries)!).toString()).toBe(PAGE);
    expect(readZipEntry(archive, entries[2]).toString()).toBe('console.log("ad");'.repeat(200));
    expect(readZipEntry(archive, entries[3]).equals(gif(40, 20))).toBe(true);
    expect(readZipEntry(archive, entries[4]).toString()).toBe('umlauts in names');
    expect(readZipEntry(archive, entries[0])).toHaveLength(0);
  });

  it('refuses damaged archives with a 400, never a crash', () => {
    const archive = realZip();
    const damaged = /^The zip archive is damaged or not supported \(.+\)\.$/;
    expect(zipError(() => zipEntries(archive.subarray(0, archive.length - 30)))).toMatch(damaged);
    expect(zipError(() => zipEntries(archive.subarray(0, 60)))).toMatch(damaged);
    expect(zipError(() => zipEntries(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)])))).toMatch(damaged);
    expect(zipError(() => zipEntries(Buffer.alloc(0)))).toMatch(damaged);
    const badOffset = Buffer.from(archive);
    badOffset.writeUInt32LE(archive.length + 1000, archive.length - 6);
    expect(zipError(() => zipEntries(badOffset))).toMatch(damaged);
    // The directory is intact but the deflated data of the page is garbage.
    const entries = zipEntries(archive);
    const broken = Buffer.from(archive);
    const page = entries[1];
    const at = broken.indexOf(Buffer.from('banner/index.html')) + page.name.length;
    broken.fill(0xff, at, at + page.compressedSize);
    expect(zipError(() => readZipEntry(broken, page))).toMatch(damaged);
  });

  it('refuses an unsupported compression method', () => {
    const archive = zip({ 'index.html': PAGE });
    const central = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    archive.writeUInt16LE(14, central + 10); // LZMA
    expect(zipError(() => zipEntries(archive))).toBe('The zip archive is damaged or not supported (compression method 14 of index.html).');
  });

  it('caps the number of entries and the declared unpacked sizes', () => {
    const many = zip(Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.txt`, 'x'])));
    expect(zipEntries(many, { ...ZIP_LIMITS, entries: 6 })).toHaveLength(6);
    expect(zipError(() => zipEntries(many, { ...ZIP_LIMITS, entries: 5 }))).toBe('The zip archive holds more than 5 files.');
    const archive = zip({ 'index.html': PAGE, 'a.bin': Buffer.alloc(3 * 1024 * 1024), 'b.bin': Buffer.alloc(3 * 1024 * 1024) });
    expect(zipError(() => zipEntries(archive, { ...ZIP_LIMITS, entryBytes: 2 * 1024 * 1024 }))).toBe('The file a.bin in the zip archive unpacks to more than 2 MB.');
    expect(zipError(() => zipEntries(archive, { ...ZIP_LIMITS, totalBytes: 5 * 1024 * 1024 }))).toBe('The zip archive unpacks to more than 5 MB.');
    expect(zipEntries(archive).map((e) => e.size)).toEqual([PAGE.length, 3 * 1024 * 1024, 3 * 1024 * 1024]);
  });

  it('stops a zip bomb: an entry that unpacks to more than it declares is refused early', () => {
    const bomb = lyingZip(60 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const entries = zipEntries(bomb);
    expect(entries[1]).toMatchObject({ name: 'big.bin', size: 100 });
    const started = performance.now();
    expect(zipError(() => readZipEntry(bomb, entries[1]))).toBe('The zip archive is damaged or not supported (big.bin unpacks to more than it declares).');
    // Only the first slices are inflated, not the 60 MB.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(readZipEntry(bomb, entries[0]).toString()).toBe(PAGE);
    // An honest archive of the same content is refused by its declared size before anything is unpacked.
    expect(zipError(() => zipEntries(zip({ 'index.html': PAGE, 'big.bin': Buffer.alloc(30 * 1024 * 1024) })))).toBe('The file big.bin in the zip archive unpacks to more than 20 MB.');
  });
});

describe('zip uploads and their delivery', () => {
  it('answers a damaged zip upload with 400 naming the problem', async () => {
    const archive = realZip();
    const { status, body } = await kit.upload(SHOP, archive.subarray(0, archive.length - 30), 'ad.zip', 'html');
    expect(status).toBe(400);
    expect(body.message).toMatch(/^The zip archive is damaged or not supported/);
    expect(body.errors).toEqual([{ field: 'file', message: body.message }]);
    const tooBig = await kit.upload(SHOP, zip({ 'index.html': PAGE, 'big.bin': Buffer.alloc(30 * 1024 * 1024) }), 'ad.zip', 'html');
    expect(tooBig).toMatchObject({ status: 400, body: { message: 'The file big.bin in the zip archive unpacks to more than 20 MB.' } });
  });

  it('serves the files of a real zip, and answers 400 (not 500) for a bomb inside an accepted zip', async () => {
    const file = await kit.uploaded(SHOP, realZip(), 'ad.zip', 'html');
    const logo = await kit.fetch(`/banner/html/${file}/banner/img/logo.gif`);
    expect(logo.status).toBe(200);
    expect(Buffer.compare(logo.body, gif(40, 20))).toBe(0);
    expect((await kit.fetch(`/banner/html/${file}/banner/js/ad.js`)).status).toBe(200);

    const bomb = await kit.uploaded(SHOP, lyingZip(50 * 1024 * 1024), 'bomb.zip', 'html');
    expect((await kit.fetch(`/banner/html/${bomb}/index.html`)).status).toBe(200);
    const big = await kit.fetch(`/banner/html/${bomb}/big.bin`);
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('The zip archive is damaged or not supported (big.bin unpacks to more than it declares).');
  });
});
