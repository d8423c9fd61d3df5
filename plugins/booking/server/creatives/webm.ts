/**
 * Reads duration and frame size of a WebM (Matroska/EBML) file: `Segment/Info/Duration` scaled by
 * `TimecodeScale` (nanoseconds per tick), and `Segment/Tracks/TrackEntry/Video/PixelWidth|PixelHeight`.
 * Elements are `[id vint with marker][size vint][payload]`; an all-ones size means "unknown" (to the end).
 */
import type { VideoFacts } from './mp4.ts';

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const VIDEO = 0xe0;
const PIXEL_WIDTH = 0xb0;
const PIXEL_HEIGHT = 0xba;

interface Element {
  id: number;
  start: number;
  end: number;
}

/** A variable-length integer at `offset`: its value (marker bit kept for ids) and length. */
function vint(data: Buffer, offset: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = data[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > data.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + data[offset + i];
    allOnes &&= data[offset + i] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function* elements(data: Buffer, from: number, to: number): Generator<Element> {
  let offset = from;
  while (offset < to) {
    const id = vint(data, offset, true);
    const size = id && vint(data, offset + id.length, false);
    if (!id || !size) return;
    const start = offset + id.length + size.length;
    const end = size.unknown ? to : Math.min(start + size.value, to);
    yield { id: id.value, start, end };
    offset = end;
  }
}

function find(data: Buffer, parent: { start: number; end: number }, id: number): Element | undefined {
  for (const element of elements(data, parent.start, parent.end)) if (element.id === id) return element;
  return undefined;
}

function uint(data: Buffer, element: Element): number {
  let value = 0;
  for (let i = element.start; i < element.end; i++) value = value * 256 + data[i];
  return value;
}

export function isWebm(data: Buffer): boolean {
  if (data.length < 4 || data.readUInt32BE(0) !== EBML) return false;
  const header = [...elements(data, 0, Math.min(data.length, 4096))][0];
  const docType = header && find(data, header, DOC_TYPE);
  return !!docType && data.toString('latin1', docType.start, docType.end).replace(/\0+$/, '') === 'webm';
}

export function readWebm(data: Buffer): VideoFacts {
  const facts: VideoFacts = { duration: null, width: null, height: null };
  const segment = find(data, { start: 0, end: data.length }, SEGMENT);
  if (!segment) return facts;
  const info = find(data, segment, INFO);
  const duration = info && find(data, info, DURATION);
  if (info && duration && (duration.end - duration.start === 4 || duration.end - duration.start === 8)) {
    const scale = find(data, info, TIMECODE_SCALE);
    const ticks = duration.end - duration.start === 4 ? data.readFloatBE(duration.start) : data.readDoubleBE(duration.start);
    facts.duration = (ticks * (scale ? uint(data, scale) : 1_000_000)) / 1e9;
  }
  const tracks = find(data, segment, TRACKS);
  for (const entry of tracks ? elements(data, tracks.start, tracks.end) : []) {
    const video = entry.id === TRACK_ENTRY ? find(data, entry, VIDEO) : undefined;
    const width = video && find(data, video, PIXEL_WIDTH);
    const height = video && find(data, video, PIXEL_HEIGHT);
    if (width && height) {
      facts.width = uint(data, width);
      facts.height = uint(data, height);
      break;
    }
  }
  return facts;
}
