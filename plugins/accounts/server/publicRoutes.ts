/**
 * The account calls a stranger makes (SPEC section 7): sign-up, e-mail confirmation, the sub-account's first
 * password, password reset and a new confirmation mail. Answers that could tell whether an e-mail address has an
 * account (reset, sendverification) are given before any lookup, and the mail goes out afterwards, so they are
 * the same in content and timing for known and unknown addresses.
 */
import { Router, type Request } from 'express';
import { attemptLimiter, type Core, hashPassword, Invalid, isConfirmed, type Row, text, TooManyRequests } from '@adsuite/backend/kit';
import { checkRegistration, register } from './registration.ts';
import { bodyOf, checkEmail, checkPassword, emailOf, LINK_INVALID, refuseFailed } from './rules.ts';
import { consumeToken, mailLink, peekToken, type TokenPurpose } from './tokens.ts';

const SELF_REGISTERED = ['company', 'agency', 'publisher'];

const linkInvalid = () => new Invalid(LINK_INVALID, [{ field: 'token', message: LINK_INVALID }]);

/** Work the answer does not wait for; its failure is logged, never shown. */
function afterAnswer(work: () => Promise<unknown>) {
  setImmediate(() => {
    work().catch((error) => console.error('[accounts]', error));
  });
}

async function findLogin(core: Core, where: Row): Promise<Row | null> {
  return (await core.model('login').findOne({ where: { ...where, archivedAt: null }, raw: true })) as Row | null;
}

/**
 * Uses a token up and applies `changes` to its login in one transaction; answers the login as it was, or null
 * for an unknown, used or expired token.
 */
async function redeem(core: Core, token: unknown, purpose: TokenPurpose, changes: (login: Row) => Row): Promise<Row | null> {
  return core.sequelize.transaction(async (transaction) => {
    const holder = await consumeToken(core, token, [purpose], transaction);
    if (!holder) return null;
    const login = (await core.model('login').findOne({ where: { id: holder.loginId, archivedAt: null }, raw: true, transaction })) as Row | null;
    if (login) await core.model('login').update(changes(login), { where: { id: login.id }, transaction });
    return login;
  });
}

/** The first successful use of a link confirms the e-mail address; later ones keep that date. */
const confirmed = (login: Row) => (isConfirmed(login.doi) ? {} : { doi: new Date() });

export function publicAccountRoutes(core: Core): Router {
  const router = Router();
  // Counters of their own (not the sign-in ones), shared by every server process (backend/src/auth/rateLimit.ts).
  const perIpLimit = attemptLimiter(core.sequelize, { name: 'account-ip', max: core.env.signinMaxPerIp, windowMs: core.env.signinWindowMs });
  const perEmailLimit = attemptLimiter(core.sequelize, { name: 'account-email', max: core.env.signinMaxPerEmail, windowMs: core.env.signinWindowMs });
  /** The sign-in limits apply to every call that sends mail: per address and per client. */
  const limit = async (req: Request, email: string) => {
    const [perIp, perEmail] = await Promise.all([perIpLimit.hit(String(req.ip)), perEmailLimit.hit(email)]);
    if (!perIp || !perEmail) throw new TooManyRequests(text('accounts.too_many_requests'));
  };
  /** The e-mail address of a reset or verification request; a malformed one is refused whoever asks. */
  const requestedEmail = async (req: Request) => {
    const body = bodyOf(req.body);
    refuseFailed({ email: checkEmail(body.email) });
    const email = emailOf(body.email);
    await limit(req, email);
    return email;
  };

  router.post('/auth/signup', async (req, res) => {
    const registration = checkRegistration(bodyOf(req.body));
    await limit(req, registration.email);
    const login = await register(core, registration);
    await mailLink(core, login, 'confirmation');
    res.status(201).json({ result: 'ok', accountType: login.accountType, email: login.email });
  });

  router.get('/auth/validtoken', async (req, res) => {
    const holder = await peekToken(core, req.query.token, ['confirmation', 'invitation']);
    const login = holder && (await findLogin(core, { id: holder.loginId }));
    res.json(login ? { valid: true, login: { accountType: login.accountType, email: login.email } } : { valid: false, login: null });
  });

  // A confirmation link confirms the address; an invitation link also sets the sub-account's first password.
  router.post('/auth/checkconfirm', async (req, res) => {
    const body = bodyOf(req.body);
    const holder = await peekToken(core, body.token, ['confirmation', 'invitation']);
    if (!holder) throw linkInvalid();
    const invitation = holder.purpose === 'invitation';
    if (invitation) refuseFailed({ password: checkPassword(body.password) });
    const password = invitation ? await hashPassword(body.password as string, core.env.bcryptRounds) : null;
    const login = await redeem(core, body.token, holder.purpose, (before) => ({ ...confirmed(before), ...(password ? { password, loginAllowed: true } : {}) }));
    if (!login) throw linkInvalid();
    res.json({ result: 'ok', accountType: login.accountType });
  });

  router.post('/auth/reset', async (req, res) => {
    const email = await requestedEmail(req);
    res.json({ token: 'ok' });
    afterAnswer(async () => {
      const login = await findLogin(core, { email, loginAllowed: true });
      if (login) await mailLink(core, login, 'reset');
    });
  });

  router.post('/auth/newpassword', async (req, res) => {
    const body = bodyOf(req.body);
    refuseFailed({ password: checkPassword(body.password) });
    const password = await hashPassword(body.password as string, core.env.bcryptRounds);
    // Setting a password through the mailed link proves the address as well.
    const login = await redeem(core, body.token, 'reset', (before) => ({ ...confirmed(before), password }));
    if (!login) throw linkInvalid();
    res.json({ success: true });
  });

  router.post('/auth/sendverification', async (req, res) => {
    const email = await requestedEmail(req);
    res.json({ result: 'ok' });
    afterAnswer(async () => {
      const login = await findLogin(core, { email, accountType: SELF_REGISTERED });
      if (login && !isConfirmed(login.doi)) await mailLink(core, login, 'confirmation');
    });
  });

  return router;
}
