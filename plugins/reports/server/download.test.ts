/**
 * The statistics download (GET /api/campaign/:id/download): CSV and XLSX of the Instant Report's figures per stat
 * type, in the columns and sort the user keeps in statPreferences (SPEC section 9's defaults otherwise), compared
 * with a GROUP BY over the raw events; headings in the request's language; bad input 400; another tenant's 404.
 */
import { parse } from 'csv-parse/sync';
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { channelByKey } from '@adsuite/config';
import { useTrackingServer } from '../../tracking/server/testkit.ts';
import { daysAgo, expectedCents, RAW_SUMS, today, type Workload, VALID, writeWorkload } from './workload.ts';

const kit = useTrackingServer();
let work: Workload;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  work = await writeWorkload(kit);
  for (const email of ['advertiser@demo.test', 'other@demo.test', 'viewer@demo.test']) tokens[email] = await kit.server.token(email);
}, 300_000);

const start = daysAgo(9);
const end = today();
const download = (email: string, query: string, language = 'de') =>
  kit.server.api(`/api/campaign/${work.summer.campaign}/download?start=${start}&end=${end}&${query}`, { token: tokens[email], headers: { Language: language } });

async function rawByDay() {
  return kit.sql<Record<string, string>>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, ${RAW_SUMS} FROM events WHERE ${VALID} AND campaign_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1 ORDER BY 1`,
    [work.summer.campaign, start, end]);
}

describe('the statistics download', () => {
  it('answers one type as a CSV in SPEC\'s default columns, equal to the raw events', async () => {
    const res = await download('advertiser@demo.test', 'types=date');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain(`Summer-Sale-2026_${start}_${end}.csv`);
    const [head, ...rows] = parse((await res.text()).replace(/^\ufeff/, '')) as string[][];
    expect(head).toEqual([
      'Datum', 'Impressionen', 'Klicks', 'CTR (%)', 'Conversions', 'Kosten (EUR)', 'Ungültige Impressionen', 'Ungültige Klicks', 'Ungültige Conversions', 'Ungültiger Anteil (%)',
    ]);
    const raw = await rawByDay();
    expect(rows.map((row) => [row[0], Number(row[1]), Number(row[2]), Number(row[4])]))
      .toEqual(raw.map((row) => [row.day, Number(row.impressions), Number(row.clicks), Number(row.pc) + Number(row.pv)]));
    // Cost: the Instant Report's euros of the day summed (the file says what the screen says), which is what the
    // ledger booked for the campaign's hours of that day.
    const report = await (await kit.server.api(`/api/campaign/${work.summer.campaign}/report?start=${start}&end=${end}`, { token: tokens['advertiser@demo.test'] })).json() as { stats: { date: string; cost: number }[] };
    const byDay = new Map<string, number>();
    for (const stat of report.stats) byDay.set(stat.date, (byDay.get(stat.date) ?? 0) + Math.round(stat.cost * 100));
    expect(rows.map((row) => [row[0], Math.round(Number(row[5]) * 100)])).toEqual(raw.map((row) => [row.day, byDay.get(row.day) ?? 0]));
    const { booked } = await expectedCents(kit, [work.summer.campaign]);
    expect(rows.map((row) => [row[0], Math.round(Number(row[5]) * 100)])).toEqual(raw.map((row) => [row.day, booked.get(`${work.summer.campaign}|${row.day}`) ?? 0]));
  });

  it('writes the invalid views, clicks and conversions of each row as the rollups count them, and their share', async () => {
    const rolled = await kit.sql<{ key: string; ii: string; ic: string; iconv: string; impressions: string; clicks: string; conversions: string }>(
      `SELECT channel AS key, SUM(invalid_impressions) AS ii, SUM(invalid_clicks) AS ic, SUM(invalid_conversions) AS iconv,
         SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(pc_conversions + pv_conversions) AS conversions
       FROM stat_daily_creatives WHERE campaign_id = $1 AND day BETWEEN $2 AND $3 GROUP BY channel ORDER BY channel`, [work.summer.campaign, start, end]);
    expect(rolled.some((row) => Number(row.ii) > 0) && rolled.some((row) => Number(row.ic) > 0) && rolled.some((row) => Number(row.iconv) > 0)).toBe(true);
    const prefs = [{ statType: 'channel', statColumns: ['channel', 'invalidImpressions', 'invalidClicks', 'invalidConversions', 'invalidShare'], statSortBy: 'channel', statSortOrder: 'ASC' }];
    expect((await kit.server.api('/api/auth/login', { method: 'PATCH', token: tokens['advertiser@demo.test'], body: { statPreferences: prefs } })).status).toBe(200);
    for (const [language, head] of [
      ['en', ['Channel', 'Invalid impressions', 'Invalid clicks', 'Invalid conversions', 'Invalid share (%)']],
      ['de', ['Kanal', 'Ungültige Impressionen', 'Ungültige Klicks', 'Ungültige Conversions', 'Ungültiger Anteil (%)']],
    ] as const) {
      const res = await download('advertiser@demo.test', 'types=channel', language);
      expect(res.status).toBe(200);
      const [shownHead, ...rows] = parse((await res.text()).replace(/^\ufeff/, '')) as string[][];
      expect(shownHead).toEqual(head);
      const channelName = (key: string) => channelByKey[key]?.name ?? key;
      const share = (row: (typeof rolled)[number]) => {
        const invalid = Number(row.ii) + Number(row.ic) + Number(row.iconv);
        const all = Number(row.impressions) + Number(row.clicks) + Number(row.conversions) + invalid;
        return all > 0 ? Math.round((invalid * 10_000) / all) / 100 : 0;
      };
      const expected = rolled.map((row) => [channelName(row.key), Number(row.ii), Number(row.ic), Number(row.iconv), share(row)]);
      expect(rows.map((row) => [row[0], Number(row[1]), Number(row[2]), Number(row[3]), Number(row[4])]).sort()).toEqual(expected.sort());
    }
    // The rollups count what the raw events hold: the campaign's invalid events of the range.
    const [raw] = await kit.sql<{ invalid: string }>(`SELECT ${RAW_SUMS} FROM events WHERE campaign_id = $1 AND day BETWEEN $2 AND $3`, [work.summer.campaign, start, end]);
    expect(rolled.reduce((sum, row) => sum + Number(row.ii) + Number(row.ic) + Number(row.iconv), 0)).toBe(Number(raw.invalid));
  });

  it('follows the kept columns and sort, and writes several types as blocks', async () => {
    const prefs = [{ statType: 'channel', statColumns: ['clicks', 'channel'], statSortBy: 'clicks', statSortOrder: 'DESC' }, { statType: 'publisher', statColumns: ['name', 'clicks', 'bogus'] }];
    expect((await kit.server.api('/api/auth/login', { method: 'PATCH', token: tokens['advertiser@demo.test'], body: { statPreferences: prefs } })).status).toBe(200);
    const res = await download('advertiser@demo.test', 'types=publisher,channel', 'en');
    const text = (await res.text()).replace(/^\ufeff/, '');
    const blocks = text.split('\n\n');
    expect(blocks).toHaveLength(2);
    // In the order asked for.
    [blocks[0], blocks[1]] = [blocks[1], blocks[0]];
    const [channelTitle, channelHead, ...channelRows] = parse(blocks[0], { relax_column_count: true }) as string[][];
    expect(channelTitle).toEqual(['Channels']);
    expect(channelHead).toEqual(['Clicks', 'Channel']);
    const clicks = channelRows.map((row) => Number(row[0]));
    expect(clicks).toEqual([...clicks].sort((a, b) => b - a));
    const rawChannels = await kit.sql<{ clicks: string }>(
      `SELECT SUM(clicks) AS clicks FROM events WHERE ${VALID} AND campaign_id = $1 AND day BETWEEN $2 AND $3 GROUP BY channel ORDER BY 1 DESC`, [work.summer.campaign, start, end]);
    expect(clicks).toEqual(rawChannels.map((row) => Number(row.clicks)));
    const [publisherTitle, publisherHead] = parse(blocks[1], { relax_column_count: true }) as string[][];
    expect(publisherTitle).toEqual(['Publishers']);
    // Unknown kept columns are left out; the publishers sort by clicks, descending (SPEC section 9).
    expect(publisherHead).toEqual(['Publisher', 'Clicks']);
  });

  it('answers XLSX with a sheet per type', async () => {
    const res = await download('advertiser@demo.test', 'types=date,website&format=xlsx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const workbook = strFromU8(files['xl/workbook.xml']);
    expect(workbook).toContain('name="Datum"');
    expect(workbook).toContain('name="Websites"');
    const strings = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
    const raw = await rawByDay();
    expect(sheet.match(/<row /g)).toHaveLength(raw.length + 1);
    expect(strings + sheet).toContain('Impressionen');
    expect(sheet).toContain(`<v>${raw[0].impressions}</v>`);
  });

  it('refuses bad input with 400 and other tenants and viewers', async () => {
    for (const query of ['types=', 'types=bogus', 'types=date&format=pdf', 'types=date&start=2020-01-01', 'types[]=date&types[]=x']) {
      const res = await download('advertiser@demo.test', query);
      expect(res.status, query).toBe(400);
      expect((await res.json()).errors.length, query).toBeGreaterThan(0);
    }
    expect((await download('other@demo.test', 'types=date')).status).toBe(404);
    expect((await download('viewer@demo.test', 'types=date')).status).toBe(403);
  });
});
