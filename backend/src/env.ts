/** Configuration from the environment, read once, with defaults that run locally. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Env {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  bcryptRounds: number;
  signinMaxPerEmail: number;
  signinMaxPerIp: number;
  signinWindowMs: number;
  seedDemo: boolean;
  /** Days of delivery history the demo seed has the ad server produce (SEED_HISTORY_DAYS, 90; 0 = none; tests: 0). */
  seedHistoryDays: number;
  /** Whether the external networks' sandboxes report delivery (the recurring job tracking.sandbox; SANDBOX_DELIVERY, true; tests: false). */
  sandboxDelivery: boolean;
  /**
   * Whether the ad server judges clicks by what their visitor did before (a view of the ad within the hour, the click
   * rate, a repeated click id: plugins/tracking invalidTraffic.ts; CLICK_SCREENING, true; tests: false, so that a test's
   * clicks count as the test sends them unless it asks for the rules).
   */
  clickScreening: boolean;
  logRequests: boolean;
  /** SMTP server for outgoing mail (`smtp://user:pass@host:587`); unset = mails only go to the outbox and the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where users open the product: the links in mails start with it. */
  publicUrl: string;
  /**
   * Server processes (`npm start`); 1 on embedded PGlite, which one process holds. By default one per core, but one
   * core fewer when PostgreSQL runs on the same machine (defaultConcurrency).
   */
  webConcurrency: number;
  /** How long a stopping process lets requests in flight finish (SIGTERM). */
  shutdownGraceMs: number;
}

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** A URL with one of `protocols` (e.g. 'https:'); the value is not repeated in the error, as it may hold a password. */
function url(name: string, value: string, protocols: string[]): string {
  let protocol = '';
  try {
    protocol = new URL(value).protocol;
  } catch {
    // reported below
  }
  if (!protocols.includes(protocol)) throw new Error(`${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  return value;
}

/**
 * Without JWT_SECRET a random secret is kept in DATA_DIR so tokens survive a restart of a local install;
 * production sets JWT_SECRET. Nothing secret is ever committed.
 */
function jwtSecret(dataDir: string): string {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The default of WEB_CONCURRENCY: one server process per core, and one core left to PostgreSQL when it runs on this
 * machine (a local host or socket). On two cores that is one process: the tracking benchmark's clicks and the API
 * benchmark's list both keep a lower tail that way (docs/performance.md), since every process more on two
 * cores shared with PostgreSQL and the load adds a hand-off (a worker to the primary's batch writer) and competes
 * with the database for the same cores.
 */
export function defaultConcurrency(databaseUrl: string | undefined, cores = availableParallelism()): number {
  if (!databaseUrl) return 1;
  let host: string;
  try {
    // A socket directory may come as the host, percent-encoded (`postgres://%2Fvar%2Frun%2Fpostgresql/db`).
    host = decodeURIComponent(new URL(databaseUrl).hostname.replace(/^\[|\]$/g, ''));
  } catch {
    return cores;
  }
  const local = host === '' || host === 'localhost' || host === '::1' || /^127\./.test(host) || host.startsWith('/');
  return local ? Math.max(1, cores - 1) : cores;
}

export function loadEnv(overrides: Partial<Env> = {}): Env {
  const dataDir = overrides.dataDir ?? path.resolve(process.env.DATA_DIR ?? path.join(ROOT_DIR, 'data'));
  const port = int('PORT', 8080);
  return {
    port,
    host: process.env.HOST ?? '0.0.0.0',
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir,
    jwtSecret: overrides.jwtSecret ?? jwtSecret(dataDir),
    jwtExpiresIn: process.env.JWT_EXPIRES_IN ?? '12h',
    bcryptRounds: int('BCRYPT_ROUNDS', 10),
    signinMaxPerEmail: int('SIGNIN_MAX_PER_EMAIL', 10),
    signinMaxPerIp: int('SIGNIN_MAX_PER_IP', 100),
    signinWindowMs: int('SIGNIN_WINDOW_MS', 15 * 60 * 1000),
    seedDemo: process.env.SEED_DEMO !== 'false',
    seedHistoryDays: int('SEED_HISTORY_DAYS', 90),
    sandboxDelivery: process.env.SANDBOX_DELIVERY !== 'false',
    clickScreening: process.env.CLICK_SCREENING !== 'false',
    logRequests: process.env.LOG_REQUESTS === 'true',
    smtpUrl: process.env.SMTP_URL ? url('SMTP_URL', process.env.SMTP_URL, ['smtp:', 'smtps:']) : undefined,
    mailFrom: process.env.MAIL_FROM || 'AdSuite <no-reply@adsuite.local>',
    publicUrl: url('PUBLIC_URL', process.env.PUBLIC_URL || `http://localhost:${port}`, ['http:', 'https:']).replace(/\/+$/, ''),
    webConcurrency: Math.max(1, int('WEB_CONCURRENCY', defaultConcurrency(process.env.DATABASE_URL || undefined))),
    shutdownGraceMs: int('SHUTDOWN_GRACE_MS', 10_000),
    ...overrides,
  };
}
