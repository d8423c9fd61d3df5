/**
 * Page 1 of a list on a million rows: fills `bookings` with 1,000,000 rows (spread over the demo advertisers)
 * and times list requests as the systemoperator and as an advertiser (tenant scope as SQL), with the
 * capped count. Runs on DATABASE_URL when set, else embedded PGlite. Usage: npx tsx bench/list-million.ts [rows]
 */
import { startTestServer } from '@adsuite/backend/testkit';

const rows = Number(process.argv[2] ?? 1_000_000);
const server = await startTestServer();
try {
  const t0 = Date.now();
  await server.core.sequelize.query(`
    INSERT INTO bookings (id, name, advertiser_id, status, start, daily_budget, channels, created, updated)
    SELECT gen_random_uuid(), 'Bench booking ' || g, a.ids[1 + (g % array_length(a.ids, 1))], 'active',
           current_date, 500, ARRAY['facebook'], now() - (g || ' seconds')::interval, now()
    FROM generate_series(1, ${rows}) g, (SELECT array_agg(id) AS ids FROM advertisers) a`);
  // As autovacuum would after a bulk load: statistics for the planner, a clean visibility map.
  await server.core.sequelize.query('VACUUM ANALYZE bookings');
  console.log(`inserted ${rows} bookings in ${((Date.now() - t0) / 1000).toFixed(1)} s (${server.core.db.embedded ? 'PGlite' : 'PostgreSQL'})`);

  const cases: [string, string, string][] = [
    ['sysop page 1 (created DESC)', 'sysop@demo.test', 'range=[0,9]'],
    ['sysop page 1 sorted by name', 'sysop@demo.test', 'range=[0,9]&sort=["name","ASC"]'],
    ['sysop page 1, status filter', 'sysop@demo.test', 'range=[0,9]&filter={"status":"active"}'],
    ['advertiser page 1 (tenant scope)', 'advertiser@demo.test', 'range=[0,9]'],
    ['advertiser page 50', 'advertiser@demo.test', 'range=[490,499]'],
    ['sysop search q=booking 77', 'sysop@demo.test', 'range=[0,9]&filter={"q":"booking 77"}'],
    ['sysop search q=no such thing', 'sysop@demo.test', 'range=[0,9]&filter={"q":"no such thing"}'],
    ['advertiser search q=booking 5', 'advertiser@demo.test', 'range=[0,9]&filter={"q":"booking 5"}'],
    ['advertiser sorted by start', 'advertiser@demo.test', 'range=[0,9]&sort=["start","DESC"]'],
    ['agency sorted by daily budget', 'agency@demo.test', 'range=[0,9]&sort=["dailyBudget","ASC"]'],
    ['sysop sorted by status', 'sysop@demo.test', 'range=[0,9]&sort=["status","ASC"]'],
  ];
  for (const [label, email, query] of cases) {
    const token = await server.token(email);
    const times: number[] = [];
    let range = '';
    for (let i = 0; i < 42; i++) {
      const started = performance.now();
      const res = await server.api(`/api/booking?${encodeURI(query)}`, { token });
      await res.arrayBuffer();
      times.push(performance.now() - started);
      range = res.headers.get('content-range') ?? String(res.status);
    }
    times.splice(0, 2); // warm-up
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)];
    const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)];
    console.log(`${label.padEnd(36)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  ${range}`);
  }
} finally {
  await server.stop();
}
