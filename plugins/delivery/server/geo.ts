/**
 * The country of an IP address, offline: the ranges of @ip-location-db/geo-whois-asn-country (CC0, from the
 * regional registries' WHOIS and ASN data, a new version on npm every few days; `npm update
 * @ip-location-db/geo-whois-asn-country -w @adsuite/plugin-delivery` brings the newest). Read once per process in
 * the background (about 550,000 ranges, parsed in slices so requests keep being answered); until then, and for
 * addresses in no range or in a local network (loopback, private networks), the country is unknown. The address itself is never kept.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';

const PACKAGE = '@ip-location-db/geo-whois-asn-country';
const SLICE = 20_000;

interface Ranges4 { starts: Uint32Array; ends: Uint32Array; codes: Uint16Array; }
interface Ranges6 { startHi: BigUint64Array; startLo: BigUint64Array; endHi: BigUint64Array; endLo: BigUint64Array; codes: Uint16Array; }

let v4: Ranges4 | null = null;
let v6: Ranges6 | null = null;
let loading: Promise<void> | null = null;

const code = (text: string) => (text.charCodeAt(0) << 8) | text.charCodeAt(1);
const letters = (value: number) => String.fromCharCode(value >> 8, value & 0xff);
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function lines(file: string): Promise<string[]> {
  const path = createRequire(import.meta.url).resolve(`${PACKAGE}/${file}`);
  return (await readFile(path, 'utf8')).split('\n').filter(Boolean);
}

async function load4(): Promise<Ranges4> {
  const rows = await lines('geo-whois-asn-country-ipv4-num.csv');
  const ranges = { starts: new Uint32Array(rows.length), ends: new Uint32Array(rows.length), codes: new Uint16Array(rows.length) };
  for (let index = 0; index < rows.length; index++) {
    if (index % SLICE === 0) await nextTurn();
    const [start, end, country] = rows[index].split(',');
    ranges.starts[index] = Number(start);
    ranges.ends[index] = Number(end);
    ranges.codes[index] = code(country);
  }
  return ranges;
}

const MASK = (1n << 64n) - 1n;

async function load6(): Promise<Ranges6> {
  const rows = await lines('geo-whois-asn-country-ipv6-num.csv');
  const n = rows.length;
  const ranges = { startHi: new BigUint64Array(n), startLo: new BigUint64Array(n), endHi: new BigUint64Array(n), endLo: new BigUint64Array(n), codes: new Uint16Array(n) };
  for (let index = 0; index < n; index++) {
    if (index % SLICE === 0) await nextTurn();
    const [start, end, country] = rows[index].split(',');
    const from = BigInt(start);
    const to = BigInt(end);
    ranges.startHi[index] = from >> 64n;
    ranges.startLo[index] = from & MASK;
    ranges.endHi[index] = to >> 64n;
    ranges.endLo[index] = to & MASK;
    ranges.codes[index] = code(country);
  }
  return ranges;
}

/** Starts reading the ranges (once per process); resolves when both are read. */
export function loadCountries(): Promise<void> {
  loading ??= (async () => {
    try {
      v4 = await load4();
      v6 = await load6();
    } catch (error) {
      console.error('[delivery] the IP-to-country ranges could not be read:', (error as Error)?.message ?? error);
    }
  })();
  return loading;
}

function ipv4Number(address: string): number {
  const parts = address.split('.');
  return ((Number(parts[0]) << 24) >>> 0) + (Number(parts[1]) << 16) + (Number(parts[2]) << 8) + Number(parts[3]);
}

function ipv6Number(address: string): bigint {
  let text = address;
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  // A trailing dotted IPv4 part counts as the last two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const four = ipv4Number(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(four >>> 16).toString(16)}:${(four & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === null ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group || '0', 16)), 0n);
}

function find4(ranges: Ranges4, ip: number): string | null {
  let lo = 0;
  let hi = ranges.starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges.starts[mid] > ip) hi = mid - 1;
    else if (ranges.ends[mid] < ip) lo = mid + 1;
    else return letters(ranges.codes[mid]);
  }
  return null;
}

function find6(ranges: Ranges6, ip: bigint): string | null {
  const ipHi = ip >> 64n;
  const ipLo = ip & MASK;
  const below = (hiA: bigint, loA: bigint, hiB: bigint, loB: bigint) => hiA < hiB || (hiA === hiB && loA < loB);
  let lo = 0;
  let hi = ranges.codes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (below(ipHi, ipLo, ranges.startHi[mid], ranges.startLo[mid])) hi = mid - 1;
    else if (below(ranges.endHi[mid], ranges.endLo[mid], ipHi, ipLo)) lo = mid + 1;
    else return letters(ranges.codes[mid]);
  }
  return null;
}

/** Addresses of no country: loopback, private, shared and link-local networks (some registries' data names one). */
const LOCAL = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
  LOCAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10]] as const) LOCAL.addSubnet(network, prefix, 'ipv6');

/** The country (ISO alpha-2) of an address, or null: unknown, local, not read yet, or no address. */
export function countryOf(address: string | null | undefined): string | null {
  if (!address) return null;
  const mapped = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const kind = isIP(mapped);
  if (kind && LOCAL.check(mapped, kind === 4 ? 'ipv4' : 'ipv6')) return null;
  if (kind === 4) return v4 ? find4(v4, ipv4Number(mapped)) : null;
  if (kind === 6) return v6 ? find6(v6, ipv6Number(mapped)) : null;
  return null;
}
