/**
 * Reads what a video creative's checks need from an MP4 (ISO BMFF) file without decoding it: the duration
 * from the movie header box (`moov/mvhd`) and the frame size from the first track header (`moov/trak/tkhd`)
 * with a non-zero width. Boxes are `[size u32][type 4cc]`, size 1 = a 64-bit size follows, 0 = to the end.
 */

export interface VideoFacts {
  duration: number | null;
  width: number | null;
  height: number | null;
}

interface Box {
  type: string;
  /** Offset of the payload (after the header) and of the first byte after the box. */
  start: number;
  end: number;
}

function* boxes(data: Buffer, from: number, to: number): Generator<Box> {
  let offset = from;
  while (offset + 8 <= to) {
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > to) return;
      size = Number(data.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < header || offset + size > to) return;
    yield { type, start: offset + header, end: offset + size };
    offset += size;
  }
}

function child(data: Buffer, parent: Box, type: string): Box | undefined {
  for (const box of boxes(data, parent.start, parent.end)) if (box.type === type) return box;
  return undefined;
}

/** Seconds, from the timescale and duration of `mvhd` (version 0: 32-bit fields, version 1: 64-bit times). */
function movieDuration(data: Buffer, mvhd: Box): number | null {
  const version = data[mvhd.start];
  const timescaleAt = mvhd.start + (version === 1 ? 20 : 12);
  if (timescaleAt + (version === 1 ? 12 : 8) > mvhd.end) return null;
  const timescale = data.readUInt32BE(timescaleAt);
  const duration = version === 1 ? Number(data.readBigUInt64BE(timescaleAt + 4)) : data.readUInt32BE(timescaleAt + 4);
  if (!timescale || duration === 0xffffffff) return null;
  return duration / timescale;
}

/** Width and height are 16.16 fixed-point numbers at the end of `tkhd`. */
function trackSize(data: Buffer, tkhd: Box): { width: number; height: number } | null {
  const version = data[tkhd.start];
  const sizeAt = tkhd.start + (version === 1 ? 88 : 76);
  if (sizeAt + 8 > tkhd.end) return null;
  const width = Math.round(data.readUInt32BE(sizeAt) / 65536);
  const height = Math.round(data.readUInt32BE(sizeAt + 4) / 65536);
  return width && height ? { width, height } : null;
}

export function isMp4(data: Buffer): boolean {
  return data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp';
}

export function readMp4(data: Buffer): VideoFacts {
  const facts: VideoFacts = { duration: null, width: null, height: null };
  const moov = [...boxes(data, 0, data.length)].find((box) => box.type === 'moov');
  if (!moov) return facts;
  const mvhd = child(data, moov, 'mvhd');
  if (mvhd) facts.duration = movieDuration(data, mvhd);
  for (const trak of boxes(data, moov.start, moov.end)) {
    if (trak.type !== 'trak') continue;
    const tkhd = child(data, trak, 'tkhd');
    const size = tkhd && trackSize(data, tkhd);
    if (size) {
      facts.width = size.width;
      facts.height = size.height;
      break;
    }
  }
  return facts;
}
