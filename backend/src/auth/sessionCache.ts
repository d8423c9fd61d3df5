/**
 * What a signed-in request needs before its own work, kept in memory per process: the user's row, the
 * advertisers and publishers it reaches and its abilities, keyed by user and session version (the token's `sv`).
 * A request that finds its entry runs no query before its own (issue 11: the hot path).
 *
 * Entries are dropped when the user, its grants or any advertiser/publisher change: at once in this process
 * (model hooks) and in every other process through PostgreSQL NOTIFY (`adsuite_cache`, sent by triggers on the
 * logins, advertisers and publishers tables). A load that overlaps a drop is not kept (generation check), and
 * entries expire after `ttlMs` whatever happens.
 */
import type { AppAbility } from '@adsuite/config';
import type { Row } from '../resources/values.ts';

export interface CachedSession {
  user: Row & { id: string; email: string };
  advertiserIds: string[];
  publisherIds: string[];
  /** Abilities by the tenants a request narrowed to (its Advertiser/Publisher headers). */
  abilities: Map<string, AppAbility>;
}

export const CACHE_CHANNEL = 'adsuite_cache';

export class SessionCache {
  private readonly entries = new Map<string, { session: CachedSession; expires: number }>();
  /** Advertisers/publishers known to exist (for staff selecting any of them). */
  private readonly tenants = new Map<string, number>();
  private generation = 0;

  constructor(private readonly ttlMs = 60_000, private readonly max = 20_000) {}

  /** A stamp to take before loading; `set` keeps the load only if nothing was dropped since. */
  stamp(): number {
    return this.generation;
  }

  get(userId: string, sessionVersion: number): CachedSession | undefined {
    const key = `${userId}:${sessionVersion}`;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.session;
  }

  set(userId: string, sessionVersion: number, session: CachedSession, stamp: number) {
    if (stamp !== this.generation) return;
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(`${userId}:${sessionVersion}`, { session, expires: Date.now() + this.ttlMs });
  }

  tenantExists(kind: string, id: string): boolean {
    const until = this.tenants.get(`${kind}:${id}`);
    return until !== undefined && until >= Date.now();
  }

  rememberTenant(kind: string, id: string, stamp: number) {
    if (stamp !== this.generation) return;
    if (this.tenants.size >= this.max) this.tenants.clear();
    this.tenants.set(`${kind}:${id}`, Date.now() + this.ttlMs);
  }

  /** Drops what a change names: `login:<id>` one user's entries, anything else everything. */
  invalidate(what: string) {
    this.generation += 1;
    const user = /^login:(.+)$/.exec(what)?.[1];
    if (!user) {
      this.entries.clear();
      this.tenants.clear();
      return;
    }
    for (const key of this.entries.keys()) if (key.startsWith(`${user}:`)) this.entries.delete(key);
  }
}
