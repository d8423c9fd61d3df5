/**
 * Sub-accounts (SPEC section 2 "/subaccounts", section 6 "Sub-account roles"). Agencies and company advertisers
 * own sub-accounts, an agency's co-workers manage the agency's; each sub-account reaches the advertisers its
 * owner chose. Roles: viewer (statistics only), client (stored as advertiser with a parent), co_worker (agencies
 * only). A user reaches only the sub-accounts of their own account, never themselves (404 otherwise); the
 * systemoperator reaches all. Nobody sets another user's password: the invitation and recovery mails do.
 */
import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { type Core, Forbidden, invalidFields, isUuid, NotFound, recordActivity, type RequestContext, type Row, tenantsOf, text } from '@adsuite/backend/kit';
import { checkEmail, checkLanguage, checkName, EMAIL_TAKEN, emailOf, refuseFailed, trimmed, type Check } from './rules.ts';
import { retireTokens } from './tokens.ts';

export const SUBACCOUNT_ROLES = ['viewer', 'client', 'co_worker'] as const;
const SYSOP_ONLY = text('resources.login.sysop_only');
const NOT_FOUND = text('subaccounts.not_found');
const MAX_LIST = 1000;

/** A client is stored as an advertiser login with a parent. */
const storedRole = (role: string) => (role === 'client' ? 'advertiser' : role);
const shownRole = (row: Row) => (row.role === 'advertiser' && row.parent ? 'client' : row.role);

/** A sub-account as every answer shows it. */
export function present(row: Row): Row {
  return {
    id: row.id,
    _id: row.id,
    email: row.email,
    name: row.name,
    surname: row.surname,
    role: shownRole(row),
    loginAllowed: row.loginAllowed !== false,
    lastLogin: row.lastLogin ?? null,
    doi: row.doi ?? null,
    avatar: row.avatar ?? null,
    advertisers: row.advertisers ?? [],
    hasPassword: Boolean(row.password),
    parent: row.parent ?? null,
    language: row.language,
    created: row.created,
  };
}

/** Whose sub-accounts the user manages: their own account's (a co-worker: the agency's); null for all (systemoperator). */
function managedParent(ctx: RequestContext): string | null {
  const { role, user } = ctx;
  if (role === 'systemoperator') return null;
  if ((role === 'agency' || role === 'advertiser') && !user.parent) return user.id;
  if (role === 'co_worker' && typeof user.parent === 'string') return user.parent;
  throw new Forbidden(text('subaccounts.managers_only'));
}

function reachable(ctx: RequestContext): WhereOptions {
  const parent = managedParent(ctx);
  return parent === null ? { parent: { [Op.ne]: null }, archivedAt: null } : { parent, archivedAt: null, id: { [Op.ne]: ctx.user.id } };
}

/** A sub-account within the user's reach (locked when read in a transaction), else 404. */
export async function findSubaccount(core: Core, ctx: RequestContext, id: string, transaction?: Transaction): Promise<Row> {
  const where = { [Op.and]: [{ id }, reachable(ctx)] };
  const row = isUuid(id) && ((await core.model('login').findOne({ where, raw: true, transaction, lock: transaction?.LOCK.UPDATE })) as Row | null);
  if (!row) throw new NotFound(NOT_FOUND);
  return row;
}

/** The account a new sub-account belongs to: the user's own, or for the systemoperator the `parent` named. */
async function ownerFor(core: Core, ctx: RequestContext, named: unknown): Promise<Row> {
  const parent = managedParent(ctx) ?? named;
  const owner = isUuid(parent) && ((await core.model('login').findOne({ where: { id: parent, parent: null, archivedAt: null }, raw: true })) as Row | null);
  if (!owner || !['agency', 'advertiser'].includes(owner.role as string)) {
    throw invalidFields([{ field: 'parent', message: text('subaccounts.parent_required') }]);
  }
  return owner;
}

/** Co-workers work for agencies only; the systemoperator role is the systemoperator's to give (SPEC section 6). */
function checkRole(ctx: RequestContext, owner: Row, role: unknown): Check {
  if (role === 'systemoperator') return ctx.role === 'systemoperator' ? null : SYSOP_ONLY;
  const roles = owner.role === 'agency' ? SUBACCOUNT_ROLES : SUBACCOUNT_ROLES.filter((r) => r !== 'co_worker');
  return (roles as readonly unknown[]).includes(role) ? null : text('subaccounts.role_choice', { options: roles.join(', ') });
}

/** The advertisers the user may grant: those they reach (the systemoperator: those the owner reaches). */
async function grantable(core: Core, ctx: RequestContext, owner: Row): Promise<string[]> {
  return ctx.role === 'systemoperator' ? (await tenantsOf(core, owner)).advertiserIds : ctx.accessibleAdvertiserIds;
}

/** Advertiser access may only add advertisers within `within`; ones granted before may stay. */
function checkAdvertisers(value: unknown, within: string[], before: string[] = []): Check {
  if (!Array.isArray(value) || !value.every(isUuid) || value.length > MAX_LIST) return text('subaccounts.advertisers_list');
  const added = value.filter((id) => !before.includes(id));
  return added.every((id) => within.includes(id)) ? null : text('subaccounts.advertisers_within');
}

export interface SubaccountFilter {
  parent?: unknown;
  role?: unknown;
}

export async function listSubaccounts(core: Core, ctx: RequestContext, filter: SubaccountFilter): Promise<Row[]> {
  const where: WhereOptions[] = [reachable(ctx)];
  if (filter.parent !== undefined && filter.parent !== '') {
    if (ctx.role !== 'systemoperator' && filter.parent !== managedParent(ctx)) throw new Forbidden(text('subaccounts.own_only'));
    if (!isUuid(filter.parent)) throw invalidFields([{ field: 'parent', message: text('subaccounts.parent_id') }]);
    where.push({ parent: filter.parent });
  }
  if (filter.role !== undefined && filter.role !== '') {
    if (![...SUBACCOUNT_ROLES, 'systemoperator'].includes(filter.role as string)) throw invalidFields([{ field: 'role', message: text('subaccounts.role_one_of', { options: SUBACCOUNT_ROLES.join(', ') }) }]);
    where.push({ role: storedRole(filter.role as string) });
  }
  const rows = (await core.model('login').findAll({ where: { [Op.and]: where }, order: [['email', 'ASC']], limit: MAX_LIST, raw: true })) as Row[];
  return rows.map(present);
}

export async function getSubaccount(core: Core, ctx: RequestContext, id: string): Promise<Row> {
  return present(await findSubaccount(core, ctx, id));
}

/** Creates the sub-account without a password and with login not yet allowed: the invitation link sets both. */
export async function createSubaccount(core: Core, ctx: RequestContext, body: Row): Promise<Row> {
  const owner = await ownerFor(core, ctx, body.parent);
  const within = await grantable(core, ctx, owner);
  // Without a choice the sub-account reaches what its creator reaches.
  const advertisers = body.advertisers === undefined ? within : body.advertisers;
  refuseFailed({
    email: checkEmail(body.email),
    name: checkName(body.name),
    surname: checkName(body.surname),
    role: checkRole(ctx, owner, body.role),
    advertisers: checkAdvertisers(advertisers, within),
    language: checkLanguage(body.language),
  });
  const granted = [...new Set(advertisers as string[])];
  const email = emailOf(body.email);
  const created = await core.sequelize.transaction(async (transaction) => {
    const logins = core.model('login');
    if (await logins.count({ where: { email }, transaction })) throw invalidFields([{ field: 'email', message: EMAIL_TAKEN }]);
    const row = (await logins.create({
      email, name: trimmed(body.name), surname: trimmed(body.surname), role: storedRole(body.role as string), parent: owner.id,
      accountType: 'subaccount', language: body.language ?? ctx.user.language ?? 'de', password: null, doi: null, loginAllowed: false,
      advertisers: granted, selectedAdvertiser: granted[0] ?? null, selectedType: 'advertiser', subscriptions: [], statPreferences: [],
    }, { transaction })).get({ plain: true }) as Row;
    await recordActivity(core, ctx, core.resource('login'), 'create', row, transaction);
    return row;
  });
  return present(created);
}

/** PATCH: name, surname, role, advertisers, loginAllowed, language. Other keys are ignored (whole records come back). */
export async function updateSubaccount(core: Core, ctx: RequestContext, id: string, body: Row): Promise<Row> {
  if (body.password !== undefined && body.password !== null && body.password !== '') {
    throw invalidFields([{ field: 'password', message: text('subaccounts.password_by_others') }]);
  }
  const updated = await core.sequelize.transaction(async (transaction) => {
    const before = await findSubaccount(core, ctx, id, transaction);
    const owner = (await core.model('login').findOne({ where: { id: before.parent as string }, raw: true, transaction })) as Row;
    const values: Row = {};
    const checks: Record<string, Check> = {};
    for (const key of ['name', 'surname'] as const) {
      if (body[key] === undefined) continue;
      checks[key] = checkName(body[key]);
      values[key] = trimmed(body[key]);
    }
    if (body.role !== undefined && body.role !== shownRole(before)) {
      checks.role = before.role === 'systemoperator' && ctx.role !== 'systemoperator' ? SYSOP_ONLY : checkRole(ctx, owner, body.role);
      values.role = storedRole(body.role as string);
    }
    if (body.advertisers !== undefined) {
      checks.advertisers = checkAdvertisers(body.advertisers, await grantable(core, ctx, owner), (before.advertisers as string[] | null) ?? []);
      values.advertisers = Array.isArray(body.advertisers) ? [...new Set(body.advertisers)] : [];
    }
    if (body.loginAllowed !== undefined) {
      checks.loginAllowed = typeof body.loginAllowed !== 'boolean' ? text('subaccounts.login_allowed_boolean')
        : body.loginAllowed && !before.password ? text('subaccounts.login_before_password') : null;
      values.loginAllowed = body.loginAllowed;
    }
    if (body.language !== undefined) {
      checks.language = checkLanguage(body.language);
      values.language = body.language;
    }
    refuseFailed(checks);
    await core.model('login').update(values, { where: { id: before.id }, transaction });
    const after = (await core.model('login').findOne({ where: { id: before.id }, raw: true, transaction })) as Row;
    await recordActivity(core, ctx, core.resource('login'), 'update', after, transaction);
    return after;
  });
  return present(updated);
}

/** Removes the sub-account for good (its e-mail address can be invited again) with its open links. */
export async function deleteSubaccount(core: Core, ctx: RequestContext, id: string): Promise<Row> {
  const removed = await core.sequelize.transaction(async (transaction) => {
    const before = await findSubaccount(core, ctx, id, transaction);
    await core.model('login').destroy({ where: { id: before.id }, transaction });
    await retireTokens(core, before.id as string, transaction);
    await recordActivity(core, ctx, core.resource('login'), 'delete', before, transaction);
    return before;
  });
  return present(removed);
}

/** The name the invitation mail gives for who invited. */
export const inviterOf = (ctx: RequestContext) => `${ctx.user.name ?? ''} ${ctx.user.surname ?? ''}`.trim() || 'AdSuite';
