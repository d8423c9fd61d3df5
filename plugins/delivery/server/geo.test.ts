import { beforeAll, describe, expect, it } from 'vitest';
import { countryOf, loadCountries } from './geo.ts';
import { targets } from './rules.ts';

beforeAll(async () => {
  await loadCountries();
}, 60_000);

describe('the country of an address, from the offline IP ranges', () => {
  it('knows IPv4, IPv6 and IPv4 written as IPv6', () => {
    expect(countryOf('217.160.0.1')).toBe('DE');
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('::ffff:217.160.0.1')).toBe('DE');
    expect(countryOf('2003::1')).toBe('DE');
  });

  it('knows no country for loopback, private networks and what is no address', () => {
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.1', 'not an address', '', null]) expect(countryOf(address)).toBeNull();
  });

  it('decides a country-targeted line item by it', () => {
    const line = { days: [], hours: [], allow: [], block: [], countries: ['DE', 'AT'] };
    const now = new Date('2026-06-01T10:00:00Z');
    expect(targets(line, { site: 'news.example.com', country: countryOf('217.160.0.1'), now })).toBe(true);
    expect(targets(line, { site: 'news.example.com', country: countryOf('8.8.8.8'), now })).toBe(false);
  });
});
