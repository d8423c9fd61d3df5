/**
 * The database's second opinion on a click without a view (viewsElsewhere.ts), with two servers on one database: the
 * test's server and a server process, each with its own memory of views and the click rules on (CLICK_SCREENING). A
 * click on one server after a view the other answered is valid, found by its click id or by the visitor's cookie; a
 * click without any view stays refused; a valid click on the server of its view costs no lookup. Needs PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, type DemoLineItem, useTrackingServer } from './testkit.ts';
import { buildServerBundle, startServerProcess, type ServerProcess } from './serverProcess.ts';
import { lookups } from './viewsElsewhere.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('a click on another server than its view', () => {
  const kit = useTrackingServer({ env: { clickScreening: true } });
  let other: ServerProcess;
  let lineitem: DemoLineItem;
  let publisher = '';

  beforeAll(async () => {
    buildServerBundle();
    lineitem = await kit.lineitem('Client One Always-On', 'platform161');
    await kit.sql('UPDATE lineitems SET daily_budget = NULL, budget = NULL, autopaused = false WHERE id = $1', [lineitem.id]);
    await kit.sql(`UPDATE advertisers SET billing_type = 'postpaid' WHERE id = $1`, [lineitem.advertiser]);
    await kit.sql('UPDATE campaigns SET click_approval = false WHERE id = $1', [lineitem.campaign]);
    publisher = (await kit.sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`))[0].id;
    // The same server secret, as servers of one installation have: the day's IP hash is the same on both.
    other = await startServerProcess(kit.server.core.db.url, { CLICK_SCREENING: 'true', JWT_SECRET: kit.server.core.env.jwtSecret });
  }, 240_000);
  afterAll(async () => {
    await other?.kill('SIGKILL');
  });

  const headers = (visitor: string | null) => ({
    'User-Agent': `${BROWSER_UA} Visitor/${visitor ?? randomUUID()}`, ...(visitor ? { Cookie: `adsuite_v=${visitor}` } : {}),
  });
  /** A view on `server` (its base URL): the link of its click. */
  const view = async (server: string, subid: string, visitor: string | null, agent?: Record<string, string>) => {
    const res = await fetch(`${server}/banner?id=${lineitem.banner}&lineitem=${lineitem.id}&pub=${publisher}&site=news.demo.test&subid=${subid}`, { headers: agent ?? headers(visitor) });
    expect(res.status).toBe(200);
    return /href="([^"]+)"/.exec(await res.text())![1];
  };
  const click = async (link: string, agent: Record<string, string>) => {
    const res = await fetch(`${kit.server.url}${link}`, { redirect: 'manual', headers: agent });
    expect(res.status).toBe(302);
    await res.arrayBuffer();
  };
  const verdicts = async (subid: string) => (await kit.sql<{ invalid: string | null; billable: boolean }>(
    `SELECT invalid, billable FROM events WHERE kind = 'click' AND subid = $1 ORDER BY created, id`, [subid])).map((row) => row.invalid ?? (row.billable ? 'billed' : 'unbilled'));

  it('is valid when the other server wrote its view, found by the click id or by the cookie; without any view it stays refused', async () => {
    const [anna, ben, cleo] = [randomUUID(), randomUUID(), randomUUID()];
    await click(await view(other.url, 'elsewhere-id', anna), headers(anna));
    // A link without its click id (a third-party tag's): the visitor's cookie finds the view.
    await view(other.url, 'elsewhere-cookie', ben);
    await click(`/s/${lineitem.banner}/${lineitem.id}/1/elsewhere-cookie?pub=${publisher}`, headers(ben));
    // A browser that keeps no cookie, with the link of its view: the click id, and the same IP hash, find it.
    const cookieless = { 'User-Agent': `${BROWSER_UA} Cookieless/${randomUUID()}` };
    await click(await view(other.url, 'elsewhere-cookieless', null, cookieless), cookieless);
    // No view anywhere; a view of another visitor does not count.
    await view(other.url, 'elsewhere-none-view', cleo);
    await click(`/s/${lineitem.banner}/${lineitem.id}/1/elsewhere-none?pub=${publisher}`, headers(randomUUID()));
    expect([await verdicts('elsewhere-id'), await verdicts('elsewhere-cookie'), await verdicts('elsewhere-cookieless'), await verdicts('elsewhere-none')])
      .toEqual([['billed'], ['billed'], ['billed'], ['click_without_view']]);
  });

  it('keeps the click rate: a second click within the minute after the other server\'s view is too many', async () => {
    const dora = randomUUID();
    await click(await view(other.url, 'elsewhere-rate', dora), headers(dora));
    await click(await view(other.url, 'elsewhere-rate', dora), headers(dora));
    expect(await verdicts('elsewhere-rate')).toEqual(['billed', 'click_rate']);
  });

  it('costs a valid click on the server of its view no lookup', async () => {
    const before = lookups.get(kit.server.core) ?? 0;
    for (let n = 0; n < 3; n++) {
      const visitor = randomUUID();
      await click(await view(kit.server.url, 'here', visitor), headers(visitor));
    }
    expect(await verdicts('here')).toEqual(['billed', 'billed', 'billed']);
    expect(lookups.get(kit.server.core) ?? 0).toBe(before);
  });
});
