/**
 * What the placements' ad server knows, per process, in memory (issue 38): no request reads the database. A loop
 * refreshes it while placements are asked for (stopping after IDLE_MS without a request):
 *
 * - every STRUCTURE_MS: the placements with their website, the campaigns each publisher accepted (invitation
 *   `accepted` or `active`), their delivering line items on the house channels with targeting, caps and approved
 *   creatives, and the creatives' pages;
 * - every REFRESH_MS: what each line item spent today and in all (`stat_lineitem_days`, which the pipeline updates
 *   with every batch), the frequency counts other processes wrote, and this process's counts written out;
 * - every RATES_MS: the click and order rates of the last 14 days from the hourly rollup.
 *
 * Spend seen = what the database said at the last read + this process's views committed since that read began +
 * its views not committed yet; so within one process a line item never buys more than its budget allows, and
 * several processes see each other's spend within REFRESH_MS (each line item's daily budget is also guarded by the
 * pipeline, which pauses it once a batch used it up).
 *
 * Frequency counts are kept per line item, visitor and day in `delivery_frequency` (the visitor is the ad server's
 * cookie id or the daily salted hash of visitors.ts, never an IP), written out as one statement per refresh.
 */
import { QueryTypes, Transaction } from 'sequelize';
import type { Core, Row } from '@adsuite/backend/kit';
import { channelByKey } from '@adsuite/config';
import { bannerPage } from '../../booking/server/kit.ts';
import { TAG_CHANNELS } from '../../publisher-area/server/kit.ts';
import { placementSize } from '@adsuite/config/resources/placement';
import {
  capAllows, capVisitors, choose, costOf, expectedRate, CR_FLOOR, CTR_FLOOR, pacingAllows, PACINGS, targets,
  type Candidate, type CapVisitor, type Pacing, type Seen, type Spend,
} from './rules.ts';

export const REFRESH_MS = 1_000;
export const STRUCTURE_MS = 2_000;
export const RATES_MS = 60_000;
export const IDLE_MS = 60_000;
const RATE_DAYS = 14;
/** The invitation statuses under which a publisher's placements deliver a campaign. */
export const DELIVERING_INVITATIONS = ['accepted', 'active'];

export interface PlacementInfo {
  id: string;
  publisher: string;
  /** The host of its website (lower case); null when the website is gone or not the publisher's: never filled. */
  host: string | null;
  size: string;
  width: number;
  height: number;
  active: boolean;
}

export interface BannerInfo {
  id: string;
  page: string;
  adCode: boolean;
}

export interface Decision {
  candidate: Candidate;
  banner: BannerInfo;
  /** How many line items were eligible. */
  eligible: number;
  cost: number;
}

/** A line item's frequency caps (views per visitor a day, in all; null: none). */
export type Caps = Pick<Candidate, 'capDay' | 'capTotal'>;

/** A view of the direct tags counted against its line item's caps, until its batch is answered. */
export interface CapCount {
  lineitem: string;
  day: string;
  visitors: string[];
}

/** A view handed to the pipeline, until its batch is answered. */
export interface Flight {
  /** The view event's id, made here (the pipeline keeps it). */
  id: string;
  advertiser: string;
  lineitem: string;
  day: string;
  cost: number;
  /** Found in the snapshot of a read under way. */
  seen: boolean;
  /** Counted in `base` already (a read found it before it was answered). */
  inBase: boolean;
  resolved: boolean;
  stored: boolean;
}

interface SpendState {
  day: string;
  /** Today's and all days' cost at the last read. */
  base: number;
  baseTotal: number;
  /** This process's stored views not in `base`. */
  afterRead: number;
  /** Of these, the part stored before the read under way began (in its snapshot for sure). */
  readMark: number;
  /** Views handed to the pipeline, not answered yet and not in `base`. */
  pending: number;
  hour: number;
  hourStart: number;
}

interface SeenState {
  dbDay: string;
  dbToday: number;
  dbTotal: number;
  /** This process's views not read back yet, per day: being written (`writing`) or waiting (`local`). */
  local: Map<string, number>;
  writing: Map<string, number>;
}

export const dayOf = (now: Date) => now.toISOString().slice(0, 10);
const epochHour = (now: Date) => Math.floor(now.getTime() / 3_600_000);
const sum = (map: Map<string, number>) => { let total = 0; for (const value of map.values()) total += value; return total; };
const add = (map: Map<string, number>, key: string, by: number) => {
  const value = (map.get(key) ?? 0) + by;
  if (value) map.set(key, value);
  else map.delete(key);
};

/** The host of a URL or of a bare host name, lower case; null when it has none. */
export function hostOfUrl(url: unknown): string | null {
  if (typeof url !== 'string' || !url.trim()) return null;
  const text = url.trim();
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname.toLowerCase().replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}

const domainsOf = (list: unknown): string[] => [...new Set((Array.isArray(list) ? list : String(list ?? '').split(/\s+/))
  .map((entry) => String(entry).trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/.*$/, '').replace(/\.$/, ''))
  .filter(Boolean))];

export class Delivery {
  placements = new Map<string, PlacementInfo>();
  /** Line items each publisher's placements may deliver. */
  offers = new Map<string, Candidate[]>();
  candidates = new Map<string, Candidate>();
  banners = new Map<string, BannerInfo>();
  private pages = new Map<string, { updated: string; page: string | null }>();
  private spend = new Map<string, SpendState>();
  private seen = new Map<string, Map<string, SeenState>>();
  private capsLoaded = new Set<string>();
  private capsLoading = new Map<string, Promise<void>>();
  /** Capped line items whose views came through the direct tags (none of them may be a candidate), and when last. */
  private direct = new Map<string, { caps: Caps; usedAt: number }>();
  private placementCounts = new Map<string, { placement: string; day: string; requests: number; filled: number }>();
  private rates = new Map<string, { views: number; clicks: number; orders: number }>();
  private loadedAt = 0;
  private ratesAt = 0;
  private seenReadAt = new Date(0);
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private lastUse = 0;
  private failures = 0;
  private unknownReadAt = 0;
  /** Views handed to the pipeline and not answered yet; those answered while a spend read runs. */
  private flights = new Set<Flight>();
  private answered: Flight[] | null = null;

  constructor(private core: Core, readonly now: () => Date = () => new Date(), readonly random: () => number = Math.random) {}

  /** Ready to decide: the first call (and the first after an idle time) waits for a full read. */
  async ready(): Promise<void> {
    this.lastUse = Date.now();
    if (!this.timer) {
      this.timer = setInterval(() => void this.tick(), REFRESH_MS);
      this.timer.unref();
    }
    if (Date.now() - this.loadedAt > STRUCTURE_MS * 5) await this.refresh();
  }

  /** A placement not known yet, after a fresh read: at most one such read a second, whoever asks. */
  async reloadFor(id: string): Promise<PlacementInfo | undefined> {
    if (Date.now() - this.unknownReadAt < 1_000) return undefined;
    this.unknownReadAt = Date.now();
    await this.refresh();
    return this.placements.get(id);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async tick(): Promise<void> {
    if (this.ticking) return;
    if (Date.now() - this.lastUse > IDLE_MS) {
      this.stop();
      await this.refresh(false).catch(() => undefined);
      return;
    }
    await this.refresh(false);
  }

  /** Reads what changed (the structure when STRUCTURE_MS passed, or `full`) and writes this process's counts. */
  refresh(full = true): Promise<void> {
    if (this.ticking) return full ? this.ticking.then(() => this.refresh(true)) : this.ticking;
    this.ticking = (async () => {
      try {
        if (full || Date.now() - this.loadedAt >= STRUCTURE_MS) await this.loadStructure();
        if (full || Date.now() - this.ratesAt >= RATES_MS) await this.loadRates();
        await this.readSpend();
        await this.writeCounts();
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        // A server that stopped closes its database: its loop ends with it.
        const closed = /closed/i.test(String((error as Error)?.message));
        if (closed || this.failures >= 5) this.stop();
        if (closed && !full) return;
        if (full) throw error;
        if (this.failures === 1) console.error('[delivery] refresh failed:', (error as Error)?.message ?? error);
      } finally {
        this.ticking = null;
      }
    })();
    return this.ticking;
  }

  private query<T extends object>(sql: string, bind: unknown[] = []): Promise<T[]> {
    return this.core.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT });
  }

  private async loadStructure(): Promise<void> {
    const startedAt = Date.now();
    const placementRows = await this.query<{ id: string; publisher_id: string; size: string | null; active: boolean | null; url: string | null; website_publisher: string | null; website_active: boolean | null }>(
      `SELECT p.id, p.publisher_id, p.size, p.active, w.url, w.publisher_id AS website_publisher, w.active AS website_active
       FROM placements p LEFT JOIN websites w ON w.id = p.website_id AND w.archived_at IS NULL
       WHERE p.archived_at IS NULL AND p.publisher_id IS NOT NULL`,
    );
    const placements = new Map<string, PlacementInfo>();
    for (const row of placementRows) {
      const size = row.size ?? '300x250';
      const ownSite = row.website_publisher === row.publisher_id && row.website_active !== false;
      placements.set(row.id, {
        id: row.id, publisher: row.publisher_id, host: ownSite ? hostOfUrl(row.url) : null, size, ...placementSize(size), active: row.active !== false,
      });
    }
    const accepted = await this.query<{ publisher_id: string; campaign_id: string }>(
      `SELECT DISTINCT publisher_id, campaign_id FROM invitations
       WHERE archived_at IS NULL AND publisher_id IS NOT NULL AND campaign_id IS NOT NULL AND invitation_status = ANY($1::text[])`,
      [DELIVERING_INVITATIONS],
    );
    const campaigns = [...new Set(accepted.map((row) => row.campaign_id))];
    const rows = campaigns.length ? await this.query<{
      id: string; advertiser_id: string; campaign_id: string; channel: string; creatives: string[] | null; held: string[] | null; bid_type: string | null;
      bid_price: string | null; daily_budget: string | null; budget: string | null; pacing: string | null; cap_day: number | null; cap_total: number | null;
      days: string[] | null; hours: string[] | null; countries: string[] | null; domains: string | null; allow: string[] | null; block: string[] | null;
    }>(
      `SELECT l.id, l.advertiser_id, l.campaign_id, l.channel, l.creatives_ids AS creatives, l.held_creatives_ids AS held, l.bid_type, l.bid_price,
         l.daily_budget, l.budget, l.pacing, l.cap_day, l.cap_total, l.delivery_days AS days, l.delivery_hours AS hours, b.countries, b.domains,
         (SELECT array_agg(DISTINCT lower(d.domain)) FROM domainlists dl CROSS JOIN unnest(dl.domains) AS d(domain)
          WHERE dl.type = 'whitelist' AND dl.archived_at IS NULL AND dl.advertiser_id = l.advertiser_id
            AND COALESCE(b.domainlists, '[]'::jsonb) @> jsonb_build_array(dl.id::text)
            AND (dl.channels IS NULL OR cardinality(dl.channels) = 0 OR l.channel = ANY(dl.channels))) AS allow,
         (SELECT array_agg(DISTINCT lower(d.domain)) FROM domainlists dl CROSS JOIN unnest(dl.domains) AS d(domain)
          WHERE dl.type = 'blacklist' AND dl.archived_at IS NULL AND dl.advertiser_id = l.advertiser_id
            AND (dl.campaign_id = l.campaign_id OR COALESCE(b.domainlists, '[]'::jsonb) @> jsonb_build_array(dl.id::text))
            AND (dl.channels IS NULL OR cardinality(dl.channels) = 0 OR l.channel = ANY(dl.channels))) AS block
       FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id LEFT JOIN bookings b ON b.id = l.booking_id
       WHERE l.campaign_id = ANY($1::uuid[]) AND l.channel = ANY($2::text[]) AND l.archived_at IS NULL AND l.active IS TRUE
         AND l.autopaused IS NOT TRUE AND l.userpaused IS NOT TRUE AND c.status = 'active' AND c.archived_at IS NULL`,
      [campaigns, TAG_CHANNELS],
    ) : [];
    const bannerIds = [...new Set(rows.flatMap((row) => (row.creatives ?? []).filter((id) => !(row.held ?? []).includes(id))))];
    const bannerRows = bannerIds.length
      ? ((await this.core.model('banner').findAll({ where: { id: bannerIds, archivedAt: null }, raw: true })) as unknown as Row[])
      : [];
    const banners = new Map<string, BannerInfo & { advertiser: string; size: string; reviews: Row }>();
    for (const banner of bannerRows) {
      const id = String(banner.id);
      const updated = new Date(banner.updated as string).toISOString();
      let rendered = this.pages.get(id);
      if (!rendered || rendered.updated !== updated) {
        rendered = { updated, page: await bannerPage(this.core, banner).catch(() => null) };
        this.pages.set(id, rendered);
      }
      if (!rendered.page || banner.bannerType === 'search_ad') continue;
      banners.set(id, {
        id, page: rendered.page, adCode: banner.bannerType === 'html_ad', advertiser: String(banner.advertiser), size: `${banner.width}x${banner.height}`,
        reviews: (banner.reviews as Row | null) ?? {},
      });
    }
    const candidates = new Map<string, Candidate>();
    for (const row of rows) {
      const creatives = new Map<string, string[]>();
      for (const id of row.creatives ?? []) {
        const banner = banners.get(id);
        // On the line item and not held for review; a review that rejected it for the channel keeps it off too.
        if (!banner || (row.held ?? []).includes(id) || banner.advertiser !== row.advertiser_id) continue;
        const review = banner.reviews[row.channel] as Row | boolean | undefined;
        if (review === false || (typeof review === 'object' && review?.status === 'rejected')) continue;
        creatives.set(banner.size, [...(creatives.get(banner.size) ?? []), id]);
      }
      if (!creatives.size) continue;
      const rate = this.rates.get(row.id);
      const pacing = (PACINGS as readonly string[]).includes(row.pacing ?? '') ? (row.pacing as Pacing) : 'evenly';
      candidates.set(row.id, {
        id: row.id, advertiser: row.advertiser_id, campaign: row.campaign_id, channel: row.channel, bidType: row.bid_type ?? 'CPC',
        bidPrice: Number(row.bid_price ?? 0), fee: channelByKey[row.channel]?.programmaticFee ?? 0, pacing,
        dailyBudget: row.daily_budget === null ? null : Number(row.daily_budget) * 1000, budget: row.budget === null ? null : Number(row.budget) * 1000,
        capDay: row.cap_day ?? null, capTotal: row.cap_total ?? null,
        days: (row.days ?? []).map(Number), hours: (row.hours ?? []).map(Number),
        allow: [...domainsOf(row.domains), ...(row.allow ?? [])], block: row.block ?? [],
        countries: (row.countries ?? []).map((code) => code.toUpperCase()),
        creatives, ctr: expectedRate(rate?.clicks ?? 0, rate?.views ?? 0, CTR_FLOOR), cr: expectedRate(rate?.orders ?? 0, rate?.views ?? 0, CR_FLOOR),
      });
    }
    const offers = new Map<string, Candidate[]>();
    const byCampaign = new Map<string, Candidate[]>();
    for (const candidate of candidates.values()) byCampaign.set(candidate.campaign, [...(byCampaign.get(candidate.campaign) ?? []), candidate]);
    for (const row of accepted) offers.set(row.publisher_id, [...(offers.get(row.publisher_id) ?? []), ...(byCampaign.get(row.campaign_id) ?? [])]);
    await this.loadCaps([...candidates.values()].filter((candidate) => candidate.capDay !== null || candidate.capTotal !== null).map((candidate) => candidate.id));
    for (const id of this.pages.keys()) if (!banners.has(id) && !bannerIds.includes(id)) this.pages.delete(id);
    this.placements = placements;
    this.candidates = candidates;
    this.banners = banners;
    this.offers = offers;
    this.loadedAt = startedAt;
  }

  private async loadRates(): Promise<void> {
    const ids = [...this.candidates.keys()];
    const advertisers = [...new Set([...this.candidates.values()].map((candidate) => candidate.advertiser))];
    this.ratesAt = Date.now();
    if (!ids.length) return;
    const rows = await this.query<{ lineitem_id: string; views: string; clicks: string; orders: string }>(
      `SELECT lineitem_id, SUM(impressions) AS views, SUM(clicks) AS clicks, SUM(pc_conversions + pv_conversions) AS orders FROM stat_hourly
       WHERE advertiser_id = ANY($1::uuid[]) AND lineitem_id = ANY($2::uuid[]) AND hour >= $3 GROUP BY lineitem_id`,
      [advertisers, ids, new Date(this.now().getTime() - RATE_DAYS * 86_400_000).toISOString()],
    );
    for (const row of rows) this.rates.set(row.lineitem_id, { views: Number(row.views), clicks: Number(row.clicks), orders: Number(row.orders) });
    for (const candidate of this.candidates.values()) {
      const rate = this.rates.get(candidate.id);
      candidate.ctr = expectedRate(rate?.clicks ?? 0, rate?.views ?? 0, CTR_FLOOR);
      candidate.cr = expectedRate(rate?.orders ?? 0, rate?.views ?? 0, CR_FLOOR);
    }
  }

  private spendState(id: string, now: Date): SpendState {
    const day = dayOf(now);
    let state = this.spend.get(id);
    if (!state) this.spend.set(id, (state = { day, base: 0, baseTotal: 0, afterRead: 0, readMark: 0, pending: 0, hour: epochHour(now), hourStart: 0 }));
    if (state.day !== day) {
      // A new day: yesterday's spend stays in the total, today starts at nothing until the next read.
      state.baseTotal += state.base + state.afterRead + state.pending;
      Object.assign(state, { day, base: 0, afterRead: 0, readMark: 0, pending: 0, hour: epochHour(now), hourStart: 0 });
    }
    return state;
  }

  /** What the line item spent, as this process knows it now. */
  spendOf(id: string, now = this.now()): Spend {
    const state = this.spendState(id, now);
    const today = state.base + state.afterRead + state.pending;
    if (state.hour !== epochHour(now)) {
      state.hour = epochHour(now);
      state.hourStart = today;
    }
    return { today, hourStart: Math.min(state.hourStart, today), total: state.baseTotal + state.afterRead + state.pending };
  }

  /**
   * Reads the spend. Views this process stored before the read began are in its snapshot; of the views answered
   * while it runs or still unanswered, the read asks, in the same snapshot (REPEATABLE READ), which ones it holds:
   * so no view counts twice or not at all.
   */
  private async readSpend(): Promise<void> {
    const ids = [...this.candidates.keys()];
    if (!ids.length) return;
    const now = this.now();
    const day = dayOf(now);
    for (const id of ids) this.spendState(id, now);
    for (const state of this.spend.values()) state.readMark = state.afterRead;
    const answered: Flight[] = [];
    this.answered = answered;
    const checked = new Set<Flight>();
    const advertisers = [...new Set([...this.candidates.values()].map((candidate) => candidate.advertiser))];
    let rows: { lineitem_id: string; today: string; total: string }[] = [];
    try {
      await this.core.sequelize.transaction({ isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ }, async (transaction) => {
        rows = await this.core.sequelize.query<{ lineitem_id: string; today: string; total: string }>(
          `SELECT lineitem_id, COALESCE(SUM(cost_milli) FILTER (WHERE day = $3::date), 0) AS today, SUM(cost_milli) FILTER (WHERE day <= $3::date) AS total
           FROM stat_lineitem_days WHERE advertiser_id = ANY($1::uuid[]) AND lineitem_id = ANY($2::uuid[]) GROUP BY lineitem_id`,
          { bind: [advertisers, ids, day], type: QueryTypes.SELECT, transaction },
        );
        for (let round = 0; round < 4; round++) {
          const open = [...answered, ...this.flights].filter((flight) => !checked.has(flight) && !flight.inBase);
          if (!open.length) break;
          for (const flight of open) checked.add(flight);
          const present = await this.core.sequelize.query<{ id: string }>(
            'SELECT id FROM events WHERE (advertiser_id, day, id) IN (SELECT * FROM unnest($1::uuid[], $2::date[], $3::uuid[]))',
            { bind: [open.map((flight) => flight.advertiser), open.map((flight) => flight.day), open.map((flight) => flight.id)], type: QueryTypes.SELECT, transaction },
          );
          const found = new Set(present.map((row) => row.id));
          for (const flight of open) if (found.has(flight.id)) flight.seen = true;
        }
      });
    } finally {
      this.answered = null;
    }
    // From here to the end nothing waits: no decision sees half of it.
    const read = new Map(rows.map((row) => [row.lineitem_id, row]));
    for (const [id, state] of this.spend) {
      if (state.day !== day) continue;
      const row = read.get(id);
      state.base = Number(row?.today ?? 0);
      state.baseTotal = Number(row?.total ?? 0) - state.base;
      state.afterRead -= state.readMark;
      state.readMark = 0;
    }
    for (const flight of checked) {
      if (!flight.seen) continue;
      flight.seen = false;
      const state = this.spend.get(flight.lineitem);
      if (!state || state.day !== flight.day) continue;
      if (flight.resolved) {
        if (flight.stored) state.afterRead -= flight.cost;
      } else {
        flight.inBase = true;
        state.pending -= flight.cost;
      }
    }
  }

  /** Views the visitor had of the line item, as this process knows them now. */
  seenOf(lineitem: string, visitor: string, day: string): Seen {
    const state = this.seen.get(lineitem)?.get(visitor);
    if (!state) return { today: 0, total: 0 };
    return {
      today: (state.dbDay === day ? state.dbToday : 0) + (state.local.get(day) ?? 0) + (state.writing.get(day) ?? 0),
      total: state.dbTotal + sum(state.local) + sum(state.writing),
    };
  }

  private seenState(lineitem: string, visitor: string): SeenState {
    let visitors = this.seen.get(lineitem);
    if (!visitors) this.seen.set(lineitem, (visitors = new Map()));
    let state = visitors.get(visitor);
    if (!state) visitors.set(visitor, (state = { dbDay: '', dbToday: 0, dbTotal: 0, local: new Map(), writing: new Map() }));
    return state;
  }

  /** The caps of a line item this process counts views of: a candidate's, else a direct tag's. */
  private capsOf(id: string): Caps | undefined {
    return this.candidates.get(id) ?? this.direct.get(id)?.caps;
  }

  /** Reads the counts of capped line items not read yet (each once, whoever asks). */
  private async loadCaps(capped: string[]): Promise<void> {
    const fresh = capped.filter((id) => !this.capsLoaded.has(id) && !this.capsLoading.has(id));
    if (fresh.length) {
      const reading = this.readCaps(fresh);
      for (const id of fresh) this.capsLoading.set(id, reading);
      void reading.catch(() => undefined).finally(() => { for (const id of fresh) this.capsLoading.delete(id); });
    }
    await Promise.all(capped.map((id) => this.capsLoading.get(id)));
  }

  private async readCaps(fresh: string[]): Promise<void> {
    const day = dayOf(this.now());
    const rows = await this.query<{ lineitem_id: string; visitor: string; today: string; total: string }>(
      `SELECT lineitem_id, visitor, COALESCE(SUM(views) FILTER (WHERE day = $2::date), 0) AS today, SUM(views) AS total
       FROM delivery_frequency WHERE lineitem_id = ANY($1::uuid[]) GROUP BY lineitem_id, visitor`,
      [fresh, day],
    );
    for (const row of rows) Object.assign(this.seenState(row.lineitem_id, row.visitor), { dbDay: day, dbToday: Number(row.today), dbTotal: Number(row.total) });
    for (const id of fresh) this.capsLoaded.add(id);
  }

  /** Writes this process's frequency counts and placement counters, then reads back every count that changed. */
  private async writeCounts(): Promise<void> {
    const rows: { lineitem: string; visitor: string; day: string; views: number }[] = [];
    for (const [lineitem, visitors] of this.seen) {
      for (const [visitor, state] of visitors) {
        if (!state.local.size) continue;
        for (const [day, views] of state.local) {
          rows.push({ lineitem, visitor, day, views });
          add(state.writing, day, views);
        }
        state.local.clear();
      }
    }
    const readFrom = new Date(Date.now() - 2_000);
    const since = this.seenReadAt;
    try {
      if (rows.length) {
        await this.core.sequelize.query(
          `INSERT INTO delivery_frequency (lineitem_id, visitor, day, views, updated)
           SELECT * , now() FROM unnest($1::uuid[], $2::text[], $3::date[], $4::int[])
           ON CONFLICT (lineitem_id, visitor, day) DO UPDATE SET views = delivery_frequency.views + excluded.views, updated = now()`,
          { bind: [rows.map((row) => row.lineitem), rows.map((row) => row.visitor), rows.map((row) => row.day), rows.map((row) => row.views)] },
        );
      }
    } catch (error) {
      for (const row of rows) {
        const state = this.seenState(row.lineitem, row.visitor);
        add(state.writing, row.day, -row.views);
        add(state.local, row.day, row.views);
      }
      throw error;
    }
    const capped = [...this.capsLoaded].filter((id) => this.capsOf(id));
    if (capped.length) {
      const day = dayOf(this.now());
      const changed = await this.query<{ lineitem_id: string; visitor: string; today: string; total: string }>(
        `SELECT lineitem_id, visitor, COALESCE(SUM(views) FILTER (WHERE day = $3::date), 0) AS today, SUM(views) AS total FROM delivery_frequency
         WHERE (lineitem_id, visitor) IN (SELECT lineitem_id, visitor FROM delivery_frequency WHERE updated >= $1 AND lineitem_id = ANY($2::uuid[]))
         GROUP BY lineitem_id, visitor`,
        [since.toISOString(), capped, day],
      );
      for (const row of changed) Object.assign(this.seenState(row.lineitem_id, row.visitor), { dbDay: day, dbToday: Number(row.today), dbTotal: Number(row.total) });
    }
    for (const row of rows) this.seenState(row.lineitem, row.visitor).writing.delete(row.day);
    this.seenReadAt = readFrom;
    this.forgetSeen();
    const counts = [...this.placementCounts.values()];
    this.placementCounts.clear();
    if (counts.length) {
      await this.core.sequelize.query(
        `INSERT INTO delivery_placement_days (placement_id, day, requests, filled)
         SELECT * FROM unnest($1::uuid[], $2::date[], $3::int[], $4::int[])
         ON CONFLICT (placement_id, day) DO UPDATE SET requests = delivery_placement_days.requests + excluded.requests, filled = delivery_placement_days.filled + excluded.filled`,
        { bind: [counts.map((row) => row.placement), counts.map((row) => row.day), counts.map((row) => row.requests), counts.map((row) => row.filled)] },
      ).catch((error) => {
        for (const row of counts) this.countRequest(row.placement, row.day, row.requests, row.filled);
        throw error;
      });
    }
  }

  /**
   * Keeps the counts small: a line item no longer capped (or gone) is forgotten, and of a line item capped per day
   * only, the visitors of earlier days with nothing left to write (a new day starts at nothing for them).
   */
  private forgetSeen(): void {
    const day = dayOf(this.now());
    for (const [id, entry] of this.direct) if (Date.now() - entry.usedAt > IDLE_MS) this.direct.delete(id);
    const capped = (id: string) => {
      const caps = this.capsOf(id);
      return caps !== undefined && (caps.capDay !== null || caps.capTotal !== null);
    };
    // Counts of a line item no longer capped are not read back: read anew when it is capped again.
    for (const id of this.capsLoaded) if (!capped(id) && !this.seen.has(id)) this.capsLoaded.delete(id);
    for (const [lineitem, visitors] of this.seen) {
      if (!capped(lineitem)) {
        if ([...visitors.values()].every((state) => !state.local.size && !state.writing.size)) {
          this.seen.delete(lineitem);
          this.capsLoaded.delete(lineitem);
        }
        continue;
      }
      if (this.capsOf(lineitem)!.capTotal !== null) continue;
      for (const [visitor, state] of visitors) {
        if (state.dbDay !== day && !state.local.size && !state.writing.size) visitors.delete(visitor);
      }
    }
  }

  private countRequest(placement: string, day: string, requests: number, filled: number): void {
    const key = `${placement}|${day}`;
    const entry = this.placementCounts.get(key) ?? { placement, day, requests: 0, filled: 0 };
    entry.requests += requests;
    entry.filled += filled;
    this.placementCounts.set(key, entry);
  }

  /** The choice for one request of a placement: null when no line item is eligible (the house ad). */
  decide(placement: PlacementInfo, visitor: string | null, site: string, country: string | null, now = this.now()): Decision | null {
    const day = dayOf(now);
    const request = { site, country, now };
    const eligible: Candidate[] = [];
    if (placement.active && placement.host) {
      for (const candidate of this.offers.get(placement.publisher) ?? []) {
        if (!candidate.creatives.get(placement.size)?.length) continue;
        if (!targets(candidate, request)) continue;
        if (!capAllows(candidate, visitor, visitor ? this.seenOf(candidate.id, visitor, day) : undefined)) continue;
        if (!pacingAllows(candidate, this.spendOf(candidate.id, now), costOf(candidate, 'view'), now)) continue;
        eligible.push(candidate);
      }
    }
    const chosen = choose(eligible, this.random());
    this.countRequest(placement.id, day, 1, chosen ? 1 : 0);
    if (!chosen) return null;
    const creatives = chosen.creatives.get(placement.size)!;
    const banner = this.banners.get(creatives[Math.floor(this.random() * creatives.length)])!;
    return { candidate: chosen, banner, eligible: eligible.length, cost: costOf(chosen, 'view') };
  }

  /**
   * The view of a decision goes to the pipeline (its event's id `id`): it counts against the budgets at once, and
   * against the caps of each of `visitors` (the ids it counts for, see zone.ts).
   */
  viewing(decision: Decision, id: string, visitors: readonly string[], now = this.now()): Flight {
    const day = dayOf(now);
    this.spendState(decision.candidate.id, now).pending += decision.cost;
    const { capDay, capTotal } = decision.candidate;
    if (capDay !== null || capTotal !== null) this.count(decision.candidate.id, day, visitors, 1);
    const flight: Flight = {
      id, advertiser: decision.candidate.advertiser, lineitem: decision.candidate.id, day, cost: decision.cost, seen: false, inBase: false, resolved: false, stored: false,
    };
    this.flights.add(flight);
    return flight;
  }

  /** The pipeline answered: a stored view stays counted, a refused one is given back. */
  viewed(flight: Flight, decision: Decision, visitors: readonly string[], stored: boolean, now = this.now()): void {
    this.flights.delete(flight);
    flight.resolved = true;
    flight.stored = stored;
    const state = this.spendState(flight.lineitem, now);
    if (state.day === flight.day && !flight.inBase) {
      state.pending -= flight.cost;
      if (stored) state.afterRead += flight.cost;
    }
    this.answered?.push(flight);
    if (stored) return;
    const { capDay, capTotal } = decision.candidate;
    if (capDay !== null || capTotal !== null) this.count(decision.candidate.id, flight.day, visitors, -1);
  }

  /**
   * A view of a capped line item through the direct tags (the publisher's tag names the line item, nothing is chosen):
   * null when `capper` reached a cap or has no id (a visitor who opted out: its views cannot be counted, as a
   * placement never shows it a capped line item); else counted against the caps of each of `visitors` as a placement's
   * view is, until `uncountDirect` gives it back. The line item's counts are read when it is first seen and kept
   * fresh by the loop as a candidate's are, so a visitor's views count the same through both.
   */
  async countDirect(lineitem: Caps & { id: string }, capper: string | null, visitors: readonly string[], now = this.now()): Promise<CapCount | null> {
    if (!capper) return null;
    await this.ready();
    this.direct.set(lineitem.id, { caps: { capDay: lineitem.capDay, capTotal: lineitem.capTotal }, usedAt: Date.now() });
    await this.loadCaps([lineitem.id]);
    // From here to the count nothing waits: two views of one visitor at once are judged one after the other.
    const day = dayOf(now);
    if (!capAllows(lineitem, capper, this.seenOf(lineitem.id, capper, day))) return null;
    this.count(lineitem.id, day, visitors, 1);
    return { lineitem: lineitem.id, day, visitors: [...visitors] };
  }

  /** A direct view the database refused: given back. */
  uncountDirect(count: CapCount): void {
    this.count(count.lineitem, count.day, count.visitors, -1);
  }

  /** Adds a view to (or, `by` -1, takes one back from) the visitors' counts not written yet. */
  private count(lineitem: string, day: string, visitors: readonly string[], by: 1 | -1): void {
    for (const visitor of visitors) {
      const seen = this.seenState(lineitem, visitor);
      if (by > 0 || seen.local.get(day)) add(seen.local, day, by);
    }
  }
}

const engines = new WeakMap<Core, Delivery>();

/** The ad server's memory of this process. */
export function deliveryOf(core: Core): Delivery {
  let engine = engines.get(core);
  if (!engine) engines.set(core, (engine = new Delivery(core)));
  return engine;
}

/**
 * A direct tag's view of a capped line item for `who` (the tracking plugin's /banner and view pixel): `capped` when
 * the visitor reached a cap or has no id; else counted as a placement's view would be, `undo` giving it back when the
 * database refused the view.
 */
export async function countDirectView(core: Core, lineitem: Caps & { id: string }, who: CapVisitor): Promise<'capped' | { undo(): void }> {
  const engine = deliveryOf(core);
  const { capper, counted } = capVisitors(who);
  const count = await engine.countDirect(lineitem, capper, counted);
  return count ? { undo: () => engine.uncountDirect(count) } : 'capped';
}

/** The tables of the frequency counts and the placements' daily requests (made before the server answers). */
export async function prepareTables(core: Core): Promise<void> {
  await core.sequelize.query(`CREATE TABLE IF NOT EXISTS delivery_frequency (
    lineitem_id UUID NOT NULL, visitor TEXT NOT NULL, day DATE NOT NULL, views INTEGER NOT NULL DEFAULT 0,
    updated TIMESTAMPTZ NOT NULL DEFAULT now(), PRIMARY KEY (lineitem_id, visitor, day))`);
  await core.sequelize.query('CREATE INDEX IF NOT EXISTS delivery_frequency_updated_idx ON delivery_frequency (updated)');
  await core.sequelize.query(`CREATE TABLE IF NOT EXISTS delivery_placement_days (
    placement_id UUID NOT NULL, day DATE NOT NULL, requests INTEGER NOT NULL DEFAULT 0, filled INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (placement_id, day))`);
}

/** Frequency counts are kept as long as raw events (SPEC section 9: 120 days). */
export async function dropOldCounts(core: Core, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - 120 * 86_400_000).toISOString().slice(0, 10);
  await core.sequelize.query('DELETE FROM delivery_frequency WHERE day < $1', { bind: [before] });
  await core.sequelize.query('DELETE FROM delivery_placement_days WHERE day < $1', { bind: [before] });
}

/** Tests and the benchmark's simulated day: this process's ad server anew, deciding at the times `now` gives. */
export function restartDelivery(core: Core, now?: () => Date, random?: () => number): Delivery {
  engines.get(core)?.stop();
  const engine = new Delivery(core, now, random);
  engines.set(core, engine);
  return engine;
}
