/**
 * Who may open which page of the member area: the route minimums of SPEC section 6 as one table, keyed by
 * path. Generated entity screens take their paths from the declarations (`routes.list/create/edit`) and their
 * minimum from this table; a path the table does not name is open to every member, and the declaration's
 * access then decides (a role that may not read or create the entity gets /403 as well).
 *
 * Where SPEC section 6 "Navigation visibility" gives a role a menu entry that the route minimum would refuse,
 * the table names that role too (marked "menu"), so that every menu entry opens.
 */
import { defineAbilityFor } from './abilities.ts';
import type { Action, ResourceDef } from './resource.ts';
import { resources as declared } from './resources/index.ts';
import { passesRoute, type Role } from './roles.ts';

/** Who is opening a page: the role, and what the viewer redirects and the dashboard depend on. */
export interface RouteUser {
  role: Role;
  /** The main account of a sub-account. */
  parent?: string | null;
  selectedType?: string | null;
}

export interface RouteRule {
  /** A user at or above one of these roles passes (`passesRoute`). */
  roles: readonly Role[];
  /** Sent to /403 although the role passes: these roles, or sub-accounts other than these roles. */
  refuse?: { roles?: readonly Role[]; subAccountsExcept?: readonly Role[] };
  /** Sent elsewhere instead: the first matching entry wins. */
  redirects?: readonly { roles?: readonly Role[]; selectedType?: string; to: string }[];
  /**
   * A plugin's screen serves this path in place of the generated one, with an API of its own: the declaration's
   * ability (which the generated screen would need) does not decide who opens it.
   */
  ownScreen?: true;
}

/** The lowest rung: every member (and the exact-membership staff roles) passes it. */
export const MEMBER: Role = 'dealer';

const rule = (roles: Role | readonly Role[], extra: Omit<RouteRule, 'roles'> = {}): RouteRule => ({
  roles: typeof roles === 'string' ? [roles] : roles,
  ...extra,
});
const each = (paths: string[], value: RouteRule) => Object.fromEntries(paths.map((path) => [path, value]));
/** `/x/new` and `/x/edit/:id` for each entity name. */
const newAndEdit = (...names: string[]) => names.flatMap((name) => [`/${name}/new`, `/${name}/edit/:id`]);

const NOT_VIEWER = { refuse: { roles: ['viewer'] as Role[] } };

export const ROUTE_RULES: Record<string, RouteRule> = {
  // Publisher area
  ...each(['/p', '/p/campaigns', '/p/finances', '/p/campaign/stats/:id', '/publishers', ...newAndEdit('publisher')], rule('publisher')),

  // Dealer and above
  ...each(['/profile', '/bookings', '/booking/create', '/booking/update/:id', '/bookingtemplate', '/verticals', '/blogposts', '/domainlists', '/search/:term'], rule(MEMBER)),
  '/': rule(MEMBER, {
    redirects: [{ roles: ['accounting'], to: '/advertisers' }, { selectedType: 'publisher', to: '/p' }],
  }),
  '/advertisers': rule(MEMBER, { refuse: { subAccountsExcept: ['co_worker'] } }),

  // Campaign manager (accounting ranks above it and reaches the campaign views too)
  ...each(['/campaign/new', '/campaign/edit/:id', '/campaign/:id', '/coupons', '/coupon/history/:id', '/audiences', ...newAndEdit('audience')], rule('campaignmanager')),
  '/campaigns': rule('campaignmanager', NOT_VIEWER),
  // Reached from the Instant Report, which viewers may not open; deciding conversions and clicks moves money.
  ...each(['/campaign/conversions/:id', '/campaign/clicks/:id'], rule('campaignmanager', NOT_VIEWER)),
  '/campaign/stats/:id': rule('campaignmanager', NOT_VIEWER),

  // Co-worker
  ...each(['/subaccounts', '/subaccount/new', '/subaccount/edit/:id'], rule('co_worker')),
  '/advertiser/new': rule(['wizard', 'co_worker']),

  // Administrator
  ...each([
    '/approvals', '/login/new', '/login/edit/:id', '/trackingcodes', ...newAndEdit('trackingcode'), '/mediaplans', ...newAndEdit('mediaplan'),
    '/richvideotemplates', ...newAndEdit('richvideotemplate'), '/topproducts', '/campaignlogs', '/campaignlogsnew',
    '/crrs', ...newAndEdit('crr'), '/programs', ...newAndEdit('program'), ...newAndEdit('contract'),
    '/lineitem/new', '/lineitem/create',
  ], rule('administrator')),
  // A ledger entry booked by hand: the finances' manual booking (plugins/finances/ui), also at
  // /advertiser/transaction for the systemoperator. The generic API creates no transactions.
  '/transaction/new': rule('administrator', { ownScreen: true }),
  // menu: the optimization dashboards are the wizard's too (SPEC section 2), with their access-log links
  ...each(['/network-monitoring', '/accesslogs'], rule(['administrator', 'wizard'])),

  // Systemoperator
  ...each([
    '/logins', '/settings', ...newAndEdit('setting'), ...newAndEdit('coupon'), '/optimizer/new',
    ...newAndEdit('vertical'), ...newAndEdit('topproduct'), '/assignments', ...newAndEdit('assignment'), '/syncqueue', '/queue',
    ...newAndEdit('sync-queue'), '/advertiser/transaction', '/audio/edit/:id', '/video/edit/:id',
    // The data console (plugins/dataconsole): its door in the member area; the console itself checks the role again.
    '/dataconsole',
  ], rule('systemoperator')),
  // menu: Affiliate-Dashboard for the affiliatemanager; the dashboards are the wizard's too (SPEC section 2)
  ...each(['/affiliate', '/affiliateold'], rule(['affiliatemanager', 'wizard'])),
  // The dashboards' optimizer links (/optimizer/edit/{id}) are the systemoperator's and the affiliatemanager's (SPEC section 6).
  ...each(['/optimizers', '/optimizer/edit/:id'], rule('affiliatemanager')),

  // Advertiser
  ...each([
    ...newAndEdit('richvideo'), '/segments', ...newAndEdit('segment'), '/bannertemplates', ...newAndEdit('bannertemplate'), '/cis',
    ...newAndEdit('ci'), '/splitters', ...newAndEdit('splitter'), ...newAndEdit('catalog'), '/product/new', '/product/new/:catalog',
    '/product/edit/:id', ...newAndEdit('host'), ...newAndEdit('blogpost'), ...newAndEdit('domainlist'), '/advertiser/edit/:id',
  ], rule('advertiser')),

  // Wizard
  ...each([
    '/events', ...newAndEdit('event'), ...newAndEdit('graphic'), '/gallery', '/audios', '/audio/new', '/videos',
    '/video/new', '/vasts', ...newAndEdit('vast'),
  ], rule('wizard')),
  // menu: Affiliate-Wizard also for the affiliatemanager, who creates and edits wizards as well
  ...each(['/wizards', ...newAndEdit('wizard')], rule(['wizard', 'affiliatemanager'])),
  // menu: graphics in the agency's and co-worker's panel
  '/graphics': rule(['wizard', 'co_worker']),
  // menu: creatives for the affiliatemanager; the banner generator and template editor open where creatives do.
  // The administrator approves creatives (/approvals), so it sees and opens them too.
  ...each(['/banners', '/banner/edit/:id'], rule(['wizard', 'administrator'])),
  ...each(['/banner/new', '/banner/create', '/banner/template'], rule(['wizard', 'affiliatemanager'])),
  // A viewer sees no balance (SPEC section 6); a publisher's finances are /p/finances.
  '/advertiser/finances': rule(['wizard', 'accounting'], { ...NOT_VIEWER, redirects: [{ roles: ['publisher'], to: '/p/finances' }] }),

  // Viewer
  ...each(['/richvideos', '/products', '/catalogs', '/contracts', '/lineitems', '/hosts'], rule('viewer')),

  // Agency
  ...each(['/bookingtemplate/create', '/bookingtemplate/update/:id'], rule('agency')),
  // The line item's screen is a form for whoever tunes line items (the declaration's `update`: staff, agencies and
  // co-workers, who do everything an agency can but edit themselves, SPEC section 6 sub-account roles); the
  // affiliatemanager, above the agency but no tuner, would open a form it may not save.
  ...each(['/lineitem/edit/:id', '/lineitem/update/:id', '/lineitem/oldedit/:id'], rule(['agency', 'co_worker'], { refuse: { roles: ['affiliatemanager'] } })),

  // Staff's invitations of publishers to a campaign (config/invitations.ts INVITATION_STAFF: administrator and above).
  ...each(['/campaign/invitations', '/campaign/invitations/:id'], rule('administrator')),

  '/transactions': rule('billing'),
  // The overview lists invoices and balances: a viewer sees no balance, a publisher has no advertisers.
  '/accounting': rule('accounting', { refuse: { roles: ['viewer', 'publisher'] } }),
};

export type Screen = 'list' | 'create' | 'edit';

/** A generated entity screen at one path. */
export interface ResourceRoute {
  path: string;
  resource: string;
  screen: Screen;
  /** Alias paths that SPEC names besides the declared one; `param` presets a field of a new record. */
  param?: string;
}

/** Further SPEC paths of generated screens (section 6: `/lineitem/new`, `/lineitem/edit/{id}`, `/product/new/{catalog}`, ...). */
export const ROUTE_ALIASES: readonly ResourceRoute[] = [
  { path: '/lineitem/new', resource: 'lineitem', screen: 'create' },
  { path: '/lineitem/edit/:id', resource: 'lineitem', screen: 'edit' },
  { path: '/lineitem/oldedit/:id', resource: 'lineitem', screen: 'edit' },
  { path: '/product/new/:catalog', resource: 'product', screen: 'create', param: 'catalog' },
  // The coupons list with one coupon's history open over it (plugins/creatives serves it).
  { path: '/coupon/history/:id', resource: 'coupon', screen: 'list' },
];

const SCREENS: Screen[] = ['list', 'create', 'edit'];

/** Every generated screen's path: the declared ones, then the aliases. */
export function resourceRoutes(resources: ResourceDef[] = declared): ResourceRoute[] {
  const names = new Set(resources.map((resource) => resource.name));
  return [
    ...resources.flatMap((resource) => SCREENS.map((screen) => ({ path: resource.routes[screen], resource: resource.name, screen }))),
    ...ROUTE_ALIASES.filter((alias) => names.has(alias.resource)),
  ];
}

/** What a screen needs the declaration's ability for. */
export const SCREEN_ACTION: Record<Screen, Action> = { list: 'read', create: 'create', edit: 'read' };

export const ruleFor = (path: string): RouteRule => ROUTE_RULES[path] ?? rule(MEMBER);

export type RouteDecision = { open: true } | { open: false; to: string };

const FORBIDDEN: RouteDecision = { open: false, to: '/403' };

const screens = new Map(resourceRoutes().map((route) => [route.path, route]));

/**
 * The guard of one route (SPEC section 6): the hierarchy check, the viewer and sub-account refusals, the
 * redirects of `/`, and at a generated screen's path the declaration's ability (also where a plugin's
 * screen serves the path, like the booking wizard at /booking/create).
 */
export function decideRoute(path: string, user: RouteUser): RouteDecision {
  const { roles, refuse, redirects, ownScreen } = ruleFor(path);
  if (!passesRoute(user.role, roles)) return FORBIDDEN;
  if (refuse?.roles?.includes(user.role)) return FORBIDDEN;
  if (refuse?.subAccountsExcept && user.parent && !refuse.subAccountsExcept.includes(user.role)) return FORBIDDEN;
  // A redirect comes before the screen's ability: a generated screen's path may lead to a plugin's screen instead.
  const redirect = redirects?.find((entry) =>
    (!entry.roles || entry.roles.includes(user.role)) && (!entry.selectedType || entry.selectedType === user.selectedType));
  if (redirect) return { open: false, to: redirect.to };
  const screen = ownScreen ? undefined : screens.get(path);
  if (screen && !abilityOf(user.role).can(SCREEN_ACTION[screen.screen], screen.resource)) return FORBIDDEN;
  return { open: true };
}

/** Whether the user sees the page itself (not a redirect, not /403). `path` is the route pattern (`/banner/edit/:id`). */
export const mayOpen = (path: string, user: RouteUser) => decideRoute(path, user).open;

const abilities = new Map<Role, ReturnType<typeof defineAbilityFor>>();
/** The ability of a role on entity types (conditions, i.e. the tenant, play no part in opening a screen). */
function abilityOf(role: Role) {
  let ability = abilities.get(role);
  if (!ability) {
    ability = defineAbilityFor({ id: 'route-check', role, advertiserIds: [], publisherIds: [] });
    abilities.set(role, ability);
  }
  return ability;
}
