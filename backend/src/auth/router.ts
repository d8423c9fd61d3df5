/** /api/auth: sign-in and the current user's own record. */
import { Router } from 'express';
import { LANGUAGES, MAX_SUBSCRIPTIONS, SELECTED_TYPES, SUBSCRIPTION_FREQUENCIES, type Subscription } from '@adsuite/config';
import { Op } from 'sequelize';
import type { Core, RequestContext } from '../core.ts';
import { Forbidden, invalidFields, text, TooManyRequests, Unauthorized, type FieldError, type ServerText } from '../errors.ts';
import { isUuid, type Row } from '../resources/values.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { attemptLimiter } from './rateLimit.ts';
import { buildContext, contextOf } from './context.ts';
import { signToken } from './tokens.ts';

const LOGIN_FAILED = text('auth.login_failed');
/** Passwords outside the landing form: at least 8 characters (SPEC section 9). */
const PASSWORD_MIN = 8;

/** A confirmation date; the epoch (0) means unconfirmed, as null does (SPEC section 3, User.doi). */
export function isConfirmed(doi: unknown): boolean {
  return (doi instanceof Date || typeof doi === 'string') && new Date(doi).getTime() > 0;
}

/**
 * Self-registered accounts sign in after confirming their e-mail address, agencies after staff activated them
 * (SPEC section 1). Told only to whoever knows the password.
 */
function notActiveYet(user: Row): ServerText | null {
  if (['company', 'agency', 'publisher'].includes(user.accountType as string) && !isConfirmed(user.doi)) {
    return text('auth.confirm_first');
  }
  if (user.accountType === 'agency' && user.loginAllowed === false) {
    return text('auth.agency_not_active');
  }
  return null;
}

/** The names of the subscribed campaigns the user reaches, whichever advertiser is selected (the profile lists them). */
async function subscribedCampaigns(core: Core, ctx: RequestContext, list: Subscription[]): Promise<{ id: string; name: string }[]> {
  const ids = list.map((entry) => entry.campaign).filter(isUuid);
  if (!ids.length) return [];
  const rows = (await core.model('campaign').findAll({
    attributes: ['id', 'name'],
    where: { id: { [Op.in]: ids }, archivedAt: null, ...(ctx.staff ? {} : { advertiser: { [Op.in]: ctx.accessibleAdvertiserIds } }) },
    raw: true,
  })) as Row[];
  return rows.map((row) => ({ id: String(row.id), name: String(row.name ?? '') }));
}

/** The current user as the admin reads it: profile, selection and the tenants within reach. */
async function currentUser(core: Core, ctx: RequestContext): Promise<Row> {
  const user = (await core.model('login').findOne({ where: { id: ctx.user.id }, raw: true })) as Row;
  const names = async (model: 'advertiser' | 'publisher', ids: string[] | null) => {
    const where = ids === null ? { archivedAt: null } : { id: ids, archivedAt: null };
    const rows = (await core.model(model).findAll({ attributes: ['id', 'name'], where, order: [['name', 'ASC']], limit: ids === null ? 200 : undefined, raw: true })) as Row[];
    return rows.map((row) => ({ id: row.id, _id: row.id, name: row.name }));
  };
  return {
    id: user.id,
    _id: user.id,
    email: user.email,
    name: user.name,
    surname: user.surname,
    role: user.role,
    avatar: user.avatar ?? null,
    language: user.language,
    subscriptions: user.subscriptions ?? [],
    subscribedCampaigns: await subscribedCampaigns(core, ctx, (user.subscriptions as Subscription[] | null) ?? []),
    statPreferences: user.statPreferences ?? [],
    selectedType: user.selectedType,
    selectedAdvertiser: ctx.selectedAdvertiser,
    selectedPublisher: ctx.selectedPublisher,
    parent: user.parent ?? null,
    loginAllowed: user.loginAllowed,
    lastLogin: user.lastLogin ?? null,
    advertiserIds: ctx.accessibleAdvertiserIds,
    publisherIds: ctx.accessiblePublisherIds,
    advertisers: await names('advertiser', ctx.staff ? null : ctx.accessibleAdvertiserIds),
    publishers: await names('publisher', ctx.staff ? null : ctx.accessiblePublisherIds),
  };
}

/**
 * Report subscriptions as PATCH /auth/login takes them: a list of `{ campaign, daily, weekly, monthly }` (the
 * frequencies true or false, absent is false). One entry per campaign, the last given wins; entries with no
 * frequency on are dropped. Null when the value is no such list.
 */
function readSubscriptions(value: unknown): Subscription[] | null {
  if (!Array.isArray(value) || value.length > MAX_SUBSCRIPTIONS) return null;
  const byCampaign = new Map<string, Subscription>();
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry) || !isUuid((entry as Row).campaign)) return null;
    const given = entry as Row;
    if (Object.keys(given).some((key) => key !== 'campaign' && !(SUBSCRIPTION_FREQUENCIES as readonly string[]).includes(key))) return null;
    if (SUBSCRIPTION_FREQUENCIES.some((frequency) => given[frequency] !== undefined && typeof given[frequency] !== 'boolean')) return null;
    const subscription: Subscription = { campaign: (given.campaign as string).toLowerCase(), daily: given.daily === true, weekly: given.weekly === true, monthly: given.monthly === true };
    byCampaign.delete(subscription.campaign);
    if (subscription.daily || subscription.weekly || subscription.monthly) byCampaign.set(subscription.campaign, subscription);
  }
  return [...byCampaign.values()];
}

/** The subscribed campaigns the user does not reach (archived, another tenant's, unknown): none may be subscribed. */
async function unreachableCampaigns(core: Core, ctx: RequestContext, list: Subscription[]): Promise<string[]> {
  if (list.length === 0) return [];
  const ids = list.map((entry) => entry.campaign);
  const found = (await core.model('campaign').findAll({
    attributes: ['id'],
    where: { id: { [Op.in]: ids }, archivedAt: null, ...(ctx.staff ? {} : { advertiser: { [Op.in]: ctx.accessibleAdvertiserIds } }) },
    raw: true,
  })) as Row[];
  const reachable = new Set(found.map((row) => String(row.id)));
  return ids.filter((id) => !reachable.has(id));
}

/** The fields a user may change on their own record with PATCH /auth/login. */
function checkOwnChanges(ctx: RequestContext, body: unknown): { values: Row; errors: FieldError[] } {
  const values: Row = {};
  const errors: FieldError[] = [];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { values, errors: [{ field: '', message: text('input.body_object') }] };
  const input = body as Row;
  const tenant = (key: 'selectedAdvertiser' | 'selectedPublisher', reachable: string[]) => {
    if (!(key in input)) return;
    const id = input[key];
    if (id === null) values[key] = null;
    else if (isUuid(id) && (ctx.staff || reachable.includes(id))) values[key] = id;
    else errors.push({ field: key, message: text('errors.access_changed') });
  };
  tenant('selectedAdvertiser', ctx.accessibleAdvertiserIds);
  tenant('selectedPublisher', ctx.accessiblePublisherIds);
  for (const key of ['name', 'surname'] as const) {
    if (!(key in input)) continue;
    const value = typeof input[key] === 'string' ? (input[key] as string).trim() : '';
    // SPEC section 5: names at least 2 characters ('Name should be longer than 2 characters.').
    if (value.length >= 2 && value.length <= 100) values[key] = value;
    else errors.push({ field: key, message: text(key === 'name' ? 'accounts.name_short' : 'auth.surname_short') });
  }
  if ('language' in input) {
    if (typeof input.language === 'string' && (LANGUAGES as readonly string[]).includes(input.language)) values.language = input.language;
    else errors.push({ field: 'language', message: text('accounts.language', { options: LANGUAGES.join(', ') }) });
  }
  if ('selectedType' in input) {
    if (typeof input.selectedType === 'string' && (SELECTED_TYPES as readonly string[]).includes(input.selectedType)) values.selectedType = input.selectedType;
    else errors.push({ field: 'selectedType', message: text('auth.selected_type', { options: SELECTED_TYPES.join(', ') }) });
  }
  if ('subscriptions' in input) {
    const list = readSubscriptions(input.subscriptions);
    if (list) values.subscriptions = list;
    else errors.push({ field: 'subscriptions', message: text('auth.subscriptions', { max: MAX_SUBSCRIPTIONS }) });
  }
  if ('statPreferences' in input) {
    const list = input.statPreferences;
    const valid = Array.isArray(list) && list.length <= 50 && list.every((p) => {
      const pref = p as Row;
      return typeof pref === 'object' && pref !== null && typeof pref.statType === 'string'
        && Array.isArray(pref.statColumns) && pref.statColumns.every((c) => typeof c === 'string')
        && (pref.statSortBy === undefined || typeof pref.statSortBy === 'string')
        && (pref.statSortOrder === undefined || pref.statSortOrder === 'ASC' || pref.statSortOrder === 'DESC');
    });
    if (valid) values.statPreferences = list;
    else errors.push({ field: 'statPreferences', message: text('auth.stat_preferences') });
  }
  return { values, errors };
}

export function publicAuthRouter(core: Core): Router {
  const router = Router();
  // Shared by every server process (rateLimit.ts): failures spread over processes count together.
  const perEmailLimit = attemptLimiter(core.sequelize, { name: 'signin-email', max: core.env.signinMaxPerEmail, windowMs: core.env.signinWindowMs });
  const perIpLimit = attemptLimiter(core.sequelize, { name: 'signin-ip', max: core.env.signinMaxPerIp, windowMs: core.env.signinWindowMs });

  router.post('/signin', async (req, res) => {
    const { email, password } = (req.body ?? {}) as Row;
    const errors: FieldError[] = [];
    if (typeof email !== 'string' || !email.trim()) errors.push({ field: 'email', message: text('validation.email') });
    if (typeof password !== 'string' || !password) errors.push({ field: 'password', message: text('auth.password_required') });
    if (errors.length) throw invalidFields(errors);
    const address = (email as string).trim().toLowerCase().slice(0, 254);
    const [perEmail, perIp] = await Promise.all([perEmailLimit.hit(address), perIpLimit.hit(String(req.ip))]);
    if (!perEmail || !perIp) throw new TooManyRequests(text('auth.too_many_signins'));

    const user = (await core.model('login').findOne({ where: { email: address, archivedAt: null }, raw: true })) as Row | null;
    const valid = await verifyPassword(String(password).slice(0, 200), user?.password as string | undefined, core.env.bcryptRounds);
    if (!user || !valid) throw new Unauthorized(LOGIN_FAILED);
    const refusal = notActiveYet(user);
    // The password was right: the account may not sign in yet, and the answer says why (403, not 401).
    if (refusal) throw new Forbidden(refusal);
    if (user.loginAllowed === false) throw new Unauthorized(LOGIN_FAILED);
    await perEmailLimit.reset(address);

    await core.model('login').update({ lastLogin: new Date() }, { where: { id: user.id } });
    const ctx = await buildContext(core, req, user as Row & { id: string; email: string });
    res.json({
      accessToken: signToken(core, user as Row & { id: string }),
      id: user.id,
      _id: user.id,
      name: user.name,
      surname: user.surname,
      role: user.role,
      email: user.email,
      subscriptions: user.subscriptions ?? [],
      language: user.language,
      selectedType: user.selectedType,
      advertiser: { _id: ctx.selectedAdvertiser },
      publisher: { _id: ctx.selectedPublisher },
    });
  });

  return router;
}

/** A token for the user as the database holds it now (after a change that raised the session version). */
async function freshToken(core: Core, id: string): Promise<string> {
  const user = (await core.model('login').findOne({ where: { id }, raw: true })) as Row & { id: string };
  return signToken(core, user);
}

export function authRouter(core: Core): Router {
  const router = Router();
  router.get('/login', async (req, res) => {
    res.json(await currentUser(core, contextOf(req)));
  });
  router.patch('/login', async (req, res) => {
    const ctx = contextOf(req);
    const { values, errors } = checkOwnChanges(ctx, req.body);
    if (Array.isArray(values.subscriptions)) {
      const unreachable = await unreachableCampaigns(core, ctx, values.subscriptions as Subscription[]);
      if (unreachable.length) errors.push({ field: 'subscriptions', message: text('auth.subscription_campaign', { ids: unreachable.join(', ') }) });
    }
    if (errors.length) throw invalidFields(errors);
    if (Object.keys(values).length) await core.model('login').update(values, { where: { id: ctx.user.id } });
    const selected = {
      ...ctx,
      selectedAdvertiser: 'selectedAdvertiser' in values ? (values.selectedAdvertiser as string | null) : ctx.selectedAdvertiser,
      selectedPublisher: 'selectedPublisher' in values ? (values.selectedPublisher as string | null) : ctx.selectedPublisher,
    };
    res.json(await currentUser(core, selected));
  });
  // The signed-in user's own password, proven by the current one; nobody changes another user's (SPEC section 6).
  const passwordAttempts = attemptLimiter(core.sequelize, { name: 'password-change', max: core.env.signinMaxPerEmail, windowMs: core.env.signinWindowMs });
  router.post('/password', async (req, res) => {
    const ctx = contextOf(req);
    const { currentPassword, password } = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Row;
    const errors: FieldError[] = [];
    if (typeof currentPassword !== 'string' || currentPassword === '') errors.push({ field: 'currentPassword', message: text('auth.current_password_required') });
    if (typeof password !== 'string' || password.length < PASSWORD_MIN || password.length > 200) {
      errors.push({ field: 'password', message: text('auth.new_password_short', { min: PASSWORD_MIN }) });
    }
    if (errors.length) throw invalidFields(errors);
    if (!(await passwordAttempts.hit(ctx.user.id))) throw new TooManyRequests(text('auth.too_many_attempts'));
    const user = (await core.model('login').findOne({ where: { id: ctx.user.id }, raw: true })) as Row;
    if (!(await verifyPassword(currentPassword as string, user.password as string | undefined, core.env.bcryptRounds))) {
      throw invalidFields([{ field: 'currentPassword', message: text('auth.current_password_wrong') }]);
    }
    await core.model('login').update({ password: await hashPassword(password as string, core.env.bcryptRounds) }, { where: { id: ctx.user.id } });
    await passwordAttempts.reset(ctx.user.id);
    // The new password ended every earlier session; this one goes on with a token of the new version.
    res.json({ success: true, accessToken: await freshToken(core, ctx.user.id) });
  });
  // "Sign out everywhere": every session of the user ends, this one too.
  router.post('/signout-everywhere', async (req, res) => {
    const ctx = contextOf(req);
    await core.sequelize.query('UPDATE logins SET session_version = COALESCE(session_version, 0) + 1 WHERE id = :id', { replacements: { id: ctx.user.id } });
    core.sessions.invalidate(`login:${ctx.user.id}`);
    res.json({ success: true });
  });
  return router;
}
