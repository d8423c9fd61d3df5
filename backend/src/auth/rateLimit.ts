/**
 * Attempt limits shared by every server process on the database (issue 9): sign-in per e-mail address and per
 * IP address, password changes, the account calls that send mail. The counters live in PostgreSQL through
 * rate-limiter-flexible's RateLimiterPostgres (table `rate_limits`, created by migration 0006, hence
 * `tableCreated`), so attempts spread over several processes count together and the limit trips across them.
 * It uses the app's Sequelize pool; on embedded PGlite that pool talks to the pglite-socket server, where the
 * same store works (one process there anyway).
 *
 * Windows are fixed: a key's window starts with its first attempt and lasts `windowMs`; every attempt counts,
 * refused ones too, and `reset` forgets a key (a successful sign-in). Should the database fail, a counter in
 * this process stands in (the library's insurance limiter) rather than letting every attempt through.
 */
import type { Sequelize } from 'sequelize';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

export interface AttemptLimiter {
  /** Records an attempt for `key` and tells whether it is still within the limit in the window. */
  hit(key: string): Promise<boolean>;
  /** Forgets the attempts of `key`. */
  reset(key: string): Promise<void>;
}

export interface AttemptLimit {
  /** Sets the limiter's keys apart from other limiters' in the shared table (`signin-email`, ...). */
  name: string;
  /** Attempts allowed per key in the window (0 refuses every attempt). */
  max: number;
  windowMs: number;
}

export const RATE_LIMIT_TABLE = 'rate_limits';

export function attemptLimiter(sequelize: Sequelize, { name, max, windowMs }: AttemptLimit): AttemptLimiter {
  // The library counts in seconds and reads 0 as "never expires"; a window of 0 ms means each attempt stands alone.
  const duration = Math.max(windowMs, 1) / 1000;
  const store = new RateLimiterPostgres({
    storeClient: sequelize,
    storeType: 'sequelize',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    keyPrefix: name,
    points: max,
    duration,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points: max, duration }),
  });
  return {
    async hit(key) {
      try {
        await store.consume(key);
        return true;
      } catch (error) {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      }
    },
    async reset(key) {
      await store.delete(key);
    },
  };
}
