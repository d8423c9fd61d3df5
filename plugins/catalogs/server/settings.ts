/**
 * The catalog import's limits, from the environment with defaults that run locally (read at each import, so a
 * changed value applies to the next one):
 *
 *   CATALOG_FEED_MAX_BYTES          a feed as fetched or uploaded (compressed), default 512 MiB
 *   CATALOG_FEED_MAX_UNPACKED_BYTES the feed after unpacking, default 2 GiB (an archive that unpacks to more is refused)
 *   CATALOG_FEED_MAX_PRODUCTS       products in one feed, default 2,000,000
 *   CATALOG_FEED_TIMEOUT_MS         the whole download, default 15 minutes
 *   CATALOG_FEED_IDLE_MS            connecting, and silence while downloading, default 30 s
 *   CATALOG_FEED_MAX_REDIRECTS      default 5
 *   CATALOG_FEED_ALLOW_LOOPBACK     `true` lets feeds come from the loopback addresses (127.0.0.0/8, ::1): only the
 *                                   tests set it, for the feed server they start; off by default. Private, link-local
 *                                   and other non-public addresses stay refused.
 */
export interface FeedSettings {
  maxBytes: number;
  maxUnpackedBytes: number;
  maxProducts: number;
  timeoutMs: number;
  idleMs: number;
  maxRedirects: number;
  allowLoopback: boolean;
}

const MIB = 1024 * 1024;

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export function feedSettings(): FeedSettings {
  return {
    maxBytes: positive('CATALOG_FEED_MAX_BYTES', 512 * MIB),
    maxUnpackedBytes: positive('CATALOG_FEED_MAX_UNPACKED_BYTES', 2048 * MIB),
    maxProducts: positive('CATALOG_FEED_MAX_PRODUCTS', 2_000_000),
    timeoutMs: positive('CATALOG_FEED_TIMEOUT_MS', 15 * 60_000),
    idleMs: positive('CATALOG_FEED_IDLE_MS', 30_000),
    maxRedirects: positive('CATALOG_FEED_MAX_REDIRECTS', 5),
    allowLoopback: process.env.CATALOG_FEED_ALLOW_LOOPBACK === 'true',
  };
}

/** Megabytes for the texts (`%{max} MB`). */
export const megabytes = (bytes: number) => Math.round((bytes / MIB) * 10) / 10;
