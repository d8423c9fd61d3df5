/** Bearer tokens: passport-jwt verifies them on every non-public /api route. */
import { createSecretKey, type KeyObject } from 'node:crypto';
import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { Core } from '../core.ts';
import { text, Unauthorized } from '../errors.ts';
import type { Row } from '../resources/values.ts';
import { buildContext, tenantsOf } from './context.ts';
import type { CachedSession } from './sessionCache.ts';
import { isStaff, isRole } from '@adsuite/config';

/** The session version a user's tokens must carry; raised by the database when earlier sessions end. */
export function sessionVersionOf(user: Row): number {
  return Number(user.sessionVersion ?? 0) || 0;
}

/** The signing key, made once per secret (jsonwebtoken would turn the secret into a key on every call). */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export function signToken(core: Core, user: Row & { id: string }): string {
  return jwt.sign({ sub: user.id, role: user.role, sv: sessionVersionOf(user as Row) }, keyOf(core.env.jwtSecret), {
    algorithm: 'HS256',
    expiresIn: core.env.jwtExpiresIn as jwt.SignOptions['expiresIn'],
  });
}

/** A user may use the API when the account exists, is not archived and login is allowed. */
export async function activeUser(core: Core, id: unknown): Promise<(Row & { id: string; email: string }) | null> {
  if (typeof id !== 'string') return null;
  const user = (await core.model('login').findOne({ where: { id, archivedAt: null }, raw: true })) as (Row & { id: string; email: string }) | null;
  return user && user.loginAllowed !== false ? user : null;
}

/**
 * The session a token names: from the per-process cache (no query), or loaded and cached. Null when the user is
 * gone, switched off, or the token is from before a password change, reset, role change or "sign out everywhere".
 */
async function sessionOf(core: Core, id: unknown, sessionVersion: number): Promise<CachedSession | null> {
  if (typeof id !== 'string') return null;
  const cached = core.sessions.get(id, sessionVersion);
  if (cached) return cached;
  const stamp = core.sessions.stamp();
  const user = await activeUser(core, id);
  if (!user || sessionVersionOf(user) !== sessionVersion || !isRole(user.role)) return null;
  const { advertiserIds, publisherIds } = isStaff(user.role) ? { advertiserIds: [], publisherIds: [] } : await tenantsOf(core, user);
  const session: CachedSession = { user, advertiserIds, publisherIds, abilities: new Map() };
  core.sessions.set(id, sessionVersion, session, stamp);
  return session;
}

export function requireAuth(core: Core): RequestHandler {
  const strategy = new JwtStrategy(
    { jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: keyOf(core.env.jwtSecret) as unknown as string, algorithms: ['HS256'] },
    (payload: { sub?: unknown; sv?: unknown }, done: (error: unknown, user?: unknown) => void) => {
      sessionOf(core, payload.sub, Number(payload.sv ?? 0) || 0).then((session) => done(null, session ?? false), done);
    },
  );
  const name = `jwt-${Math.random().toString(36).slice(2)}`;
  passport.use(name, strategy);
  return (req, res, next) => {
    passport.authenticate(name, { session: false }, (error: unknown, session: CachedSession | false, info: unknown) => {
      if (error) return next(error);
      if (!session) {
        const missing = info instanceof Error && /No auth token/i.test(info.message);
        return next(new Unauthorized(missing ? text('errors.not_authenticated') : text('errors.access_expired')));
      }
      buildContext(core, req, session.user, session).then((ctx) => {
        req.adsuite = ctx;
        next();
      }, next);
    })(req, res, next);
  };
}
