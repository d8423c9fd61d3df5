/** Bearer tokens: passport-jwt verifies them on every non-public /api route. */
import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { Core } from '../core.ts';
import { text, Unauthorized } from '../errors.ts';
import type { Row } from '../resources/values.ts';
import { buildContext } from './context.ts';

/** The session version a user's tokens must carry; raised by the database when earlier sessions end. */
export function sessionVersionOf(user: Row): number {
  return Number(user.sessionVersion ?? 0) || 0;
}

export function signToken(core: Core, user: Row & { id: string }): string {
  return jwt.sign({ sub: user.id, role: user.role, sv: sessionVersionOf(user as Row) }, core.env.jwtSecret, {
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

export function requireAuth(core: Core): RequestHandler {
  const strategy = new JwtStrategy(
    { jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: core.env.jwtSecret, algorithms: ['HS256'] },
    (payload: { sub?: unknown; sv?: unknown }, done: (error: unknown, user?: unknown) => void) => {
      // A token from before a password change, reset, role change or "sign out everywhere" is over.
      const current = (user: Row | null) => user && (Number(payload.sv ?? 0) || 0) === sessionVersionOf(user);
      activeUser(core, payload.sub).then((user) => done(null, current(user) ? user : false), done);
    },
  );
  const name = `jwt-${Math.random().toString(36).slice(2)}`;
  passport.use(name, strategy);
  return (req, res, next) => {
    passport.authenticate(name, { session: false }, (error: unknown, user: Row | false, info: unknown) => {
      if (error) return next(error);
      if (!user) {
        const missing = info instanceof Error && /No auth token/i.test(info.message);
        return next(new Unauthorized(missing ? text('errors.not_authenticated') : text('errors.access_expired')));
      }
      buildContext(core, req, user as Row & { id: string; email: string }).then((ctx) => {
        req.adsuite = ctx;
        next();
      }, next);
    })(req, res, next);
  };
}
