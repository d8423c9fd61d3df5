/**
 * Page 1 of a list on a million rows: fills `bookings` with 1,000,000 rows (spread over the demo advertisers)
 * and times list requests as the systemoperator and as an advertiser (tenant scope as SQL), with the
 * capped count. Runs on DATABASE_URL when set, else embedded PGlite. Usage: npx tsx bench/list-million.ts [rows]
 */
import { startTestServer } from '../backend/src/testing.ts';

const rows = Number(process.argv[2] ?? 1_000_000);
const server = await startTestServer();
try {
  const t0 = Date.now();
  await server.core.sequelize.query(`
    INSERT INTO bookings (id, name, advertiser_id, status, start, daily_budget, channels, created, updated)
    SELECT gen_random_uuid(), 'Bench booking ' || g, a.ids[1 + (g % array_length(a.ids, 1))], 'active',
           current_date, 500, ARRAY['facebook'], now() - (g || ' seconds')::interval, now()
    FROM generate_series(1, ${rows}) g, (SELECT array_agg(id) AS ids FROM advertisers) a`);
  await server.core.sequelize.query('ANALYZE bookings');
  console.log(`inserted ${rows} bookings in ${((Date.now() - t0) / 1000).toFixed(1)} s (${server.core.db.embedded ? 'PGlite' : 'PostgreSQL'})`);

  const cases: [string, string, string][] = [
    ['sysop page 1 (created DESC)', 'sysop@demo.test', 'range=[0,9]'],
    ['sysop page 1 sorted by name', 'sysop@demo.test', 'range=[0,9]&sort=["name","ASC"]'],
    ['sysop page 1, status filter', 'sysop@demo.test', 'range=[0,9]&filter={"status":"active"}'],
    ['advertiser page 1 (tenant scope)', 'advertiser@demo.test', 'range=[0,9]'],
    ['advertiser page 50', 'advertiser@demo.test', 'range=[490,499]'],
    ['sysop search q=booking 77', 'sysop@demo.test', 'range=[0,9]&filter={"q":"booking 77"}'],
  ];
  for (const [label, email, query] of cases) {
    const token = await server.token(email);
    const times: number[] = [];
    let range = '';
    for (let i = 0; i < 12; i++) {
      const started = performance.now();
      const res = await server.api(`/api/booking?${encodeURI(query)}`, { token });
      await res.arrayBuffer();
      times.push(performance.now() - started);
      range = res.headers.get('content-range') ?? String(res.status);
    }
    times.splice(0, 2); // warm-up
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)];
    const p90 = times[Math.floor(times.length * 0.9)];
    console.log(`${label.padEnd(36)} p50 ${p50.toFixed(0).padStart(5)} ms  p90 ${p90.toFixed(0).padStart(5)} ms  ${range}`);
  }
} finally {
  await server.stop();
}
