import { describe, expect, it } from 'vitest';
import { resources, resourceByName } from './resources/index.ts';
import { columnsFor } from './resource.ts';
import { decideRoute, mayOpen, resourceRoutes, ROUTE_ALIASES, ROUTE_RULES, type RouteUser } from './routes.ts';
import { passesRoute, ROLES, type Role } from './roles.ts';

const as = (role: Role, extra: Partial<RouteUser> = {}): RouteUser => ({ role, ...extra });

/** SPEC section 6 "Route minimums", path by path (`/x/new` and `/x/edit/:id` where SPEC says "new/edit"). */
const newAndEdit = (...names: string[]) => names.flatMap((name) => [`/${name}/new`, `/${name}/edit/:id`]);
const SPEC_MINIMUMS: [Role[], string[]][] = [
  [['publisher'], ['/p', '/p/campaigns', '/p/finances', '/p/campaign/stats/:id', '/publishers', ...newAndEdit('publisher')]],
  [['dealer'], ['/', '/profile', '/bookings', '/booking/create', '/booking/update/:id', '/bookingtemplate', '/verticals', '/advertisers', '/blogposts', '/domainlists', '/search/:term']],
  [['campaignmanager'], [
    '/campaigns', '/campaign/new', '/campaign/edit/:id', '/campaign/:id', '/campaign/stats/:id', '/campaign/conversions/:id', '/campaign/clicks/:id',
    '/coupons', '/audiences', ...newAndEdit('audience'),
  ]],
  [['co_worker'], ['/subaccounts', '/subaccount/new', '/subaccount/edit/:id']],
  [['wizard', 'co_worker'], ['/advertiser/new']],
  [['administrator'], [
    '/approvals', '/login/new', '/login/edit/:id', '/network-monitoring', '/trackingcodes', ...newAndEdit('trackingcode'), '/mediaplans',
    ...newAndEdit('mediaplan'), '/richvideotemplates', ...newAndEdit('richvideotemplate'), '/topproducts', '/campaignlogs', '/campaignlogsnew',
    '/accesslogs', '/crrs', ...newAndEdit('crr'), '/programs', ...newAndEdit('program'), '/transaction/new', ...newAndEdit('contract'),
    '/lineitem/new', '/lineitem/create',
  ]],
  [['systemoperator'], [
    '/logins', '/affiliate', '/affiliateold', '/settings', ...newAndEdit('coupon'), '/optimizers', ...newAndEdit('optimizer'), ...newAndEdit('vertical'),
    ...newAndEdit('topproduct'), '/assignments', '/syncqueue', '/queue', '/advertiser/transaction', '/audio/edit/:id', '/video/edit/:id',
  ]],
  [['advertiser'], [
    ...newAndEdit('richvideo'), '/segments', ...newAndEdit('segment'), '/bannertemplates', ...newAndEdit('bannertemplate'), '/cis', ...newAndEdit('ci'),
    '/splitters', ...newAndEdit('splitter'), ...newAndEdit('catalog'), '/product/new/:catalog', '/product/edit/:id', ...newAndEdit('host'),
    ...newAndEdit('blogpost'), ...newAndEdit('domainlist'), '/advertiser/edit/:id',
  ]],
  [['wizard'], [
    '/wizards', ...newAndEdit('wizard'), '/events', '/graphics', '/gallery', ...newAndEdit('graphic'), '/audios', '/audio/new', '/videos', '/video/new',
    '/vasts', ...newAndEdit('vast'), '/banners', ...newAndEdit('banner'),
  ]],
  [['wizard', 'accounting'], ['/advertiser/finances']],
  [['viewer'], ['/richvideos', '/products', '/catalogs', '/contracts', '/lineitems', '/hosts']],
  [['agency'], ['/bookingtemplate/create', '/bookingtemplate/update/:id', '/lineitem/edit/:id', '/lineitem/update/:id', '/lineitem/oldedit/:id']],
  [['billing'], ['/transactions']],
  [['accounting'], ['/accounting']],
];

/**
 * Where the table lets more roles in than the minimum, and why: a menu entry of SPEC section 6 "Navigation
 * visibility", or a link SPEC puts on a screen the role has (section 2 "Optimization dashboards").
 */
const WIDER: Record<string, { roles: Role[]; why: string }> = {
  '/network-monitoring': { roles: ['wizard'], why: 'optimization dashboards: systemoperator, wizard, affiliatemanager' },
  '/affiliate': { roles: ['wizard', 'affiliatemanager'], why: 'Affiliate-Dashboard for affiliatemanager; dashboards also the wizard\'s' },
  '/affiliateold': { roles: ['wizard', 'affiliatemanager'], why: 'the other dashboard variant' },
  '/accesslogs': { roles: ['wizard'], why: 'the wizard sees the access logs chart, whose bars link to /accesslogs?search={host}' },
  '/optimizers': { roles: ['affiliatemanager'], why: 'optimizer links of the dashboards are the systemoperator\'s and affiliatemanager\'s' },
  '/optimizer/edit/:id': { roles: ['affiliatemanager'], why: 'dashboard row link /optimizer/edit/{id}' },
  '/wizards': { roles: ['affiliatemanager'], why: 'Affiliate-Wizard menu entry for the affiliatemanager' },
  '/wizard/new': { roles: ['affiliatemanager'], why: 'the Affiliate-Wizard list creates' },
  '/wizard/edit/:id': { roles: ['affiliatemanager'], why: 'the Affiliate-Wizard list\'s rows open' },
  '/graphics': { roles: ['co_worker', 'agency', 'administrator', 'affiliatemanager'], why: 'graphics in the agency\'s and co-worker\'s panel' },
  '/banners': { roles: ['administrator', 'affiliatemanager'], why: 'creatives menu entry (affiliatemanager); the administrator approves creatives' },
  '/banner/edit/:id': { roles: ['administrator', 'affiliatemanager'], why: 'the creatives list\'s rows open' },
  '/banner/new': { roles: ['affiliatemanager'], why: 'the creatives list creates' },
  ...Object.fromEntries(['/lineitem/edit/:id', '/lineitem/update/:id', '/lineitem/oldedit/:id'].map((path) => [path, {
    roles: ['co_worker'] as Role[], why: 'a co-worker does everything an agency can but edit itself, and tunes line items (the declaration\'s update)',
  }])),
};

describe('the route table (SPEC section 6)', () => {
  it('follows every route minimum of SPEC section 6 for every role, wider only where SPEC gives the role a menu entry or link', () => {
    for (const [minimum, paths] of SPEC_MINIMUMS) {
      for (const path of paths) {
        const rule = ROUTE_RULES[path];
        expect(rule, path).toBeDefined();
        for (const role of ROLES) {
          const expected = passesRoute(role, minimum) || Boolean(WIDER[path]?.roles.includes(role));
          expect(passesRoute(role, rule.roles), `${role} ${path}`).toBe(expected);
        }
      }
    }
    for (const path of Object.keys(WIDER)) expect(SPEC_MINIMUMS.some(([, paths]) => paths.includes(path)), path).toBe(true);
  });

  it('lets the administrator see and open the creatives it approves', () => {
    expect(mayOpen('/approvals', as('administrator'))).toBe(true);
    expect(mayOpen('/banners', as('administrator'))).toBe(true);
    expect(mayOpen('/banner/edit/:id', as('administrator'))).toBe(true);
    expect(mayOpen('/banners', as('agency'))).toBe(false);
  });

  it('gives the affiliatemanager working affiliate wizards, the optimizers and a campaign\'s activity log', () => {
    for (const path of ['/wizards', '/wizard/new', '/wizard/edit/:id', '/optimizers', '/optimizer/edit/:id', '/campaignlogs', '/crrs', '/accesslogs']) {
      expect(mayOpen(path, as('affiliatemanager')), path).toBe(true);
    }
    expect(mayOpen('/optimizer/new', as('affiliatemanager'))).toBe(false);
    expect(mayOpen('/optimizers', as('administrator'))).toBe(false);
    expect(mayOpen('/accesslogs', as('wizard'))).toBe(true);
    expect(mayOpen('/campaignlogs', as('wizard'))).toBe(false);
  });

  it('lets a user at or above the minimum in and sends the others to /403', () => {
    expect(mayOpen('/trackingcodes', as('administrator'))).toBe(true);
    expect(mayOpen('/trackingcodes', as('systemoperator'))).toBe(true);
    expect(decideRoute('/trackingcodes', as('agency'))).toEqual({ open: false, to: '/403' });
    expect(mayOpen('/logins', as('administrator'))).toBe(false);
    expect(mayOpen('/p', as('publisher'))).toBe(true);
    expect(mayOpen('/p', as('viewer'))).toBe(false);
  });

  it('checks the exact-membership roles exactly', () => {
    expect(mayOpen('/transactions', as('billing'))).toBe(true);
    expect(mayOpen('/transactions', as('administrator'))).toBe(false);
    expect(mayOpen('/events', as('wizard'))).toBe(true);
    expect(mayOpen('/events', as('affiliatemanager'))).toBe(false);
    expect(mayOpen('/advertiser/finances', as('accounting'))).toBe(true);
    expect(mayOpen('/advertiser/finances', as('wizard'))).toBe(true);
    expect(mayOpen('/advertiser/finances', as('dealer'))).toBe(false);
  });

  it('opens /transaction/new, the manual booking, to the administrator and above (SPEC section 6); /advertiser/transaction to the systemoperator', () => {
    for (const role of ['administrator', 'affiliatemanager', 'systemoperator'] as Role[]) {
      expect(decideRoute('/transaction/new', as(role)), role).toEqual({ open: true });
    }
    expect(mayOpen('/advertiser/transaction', as('systemoperator'))).toBe(true);
    for (const role of ['administrator', 'affiliatemanager', 'accounting', 'billing', 'advertiser', 'agency', 'co_worker'] as Role[]) {
      expect(mayOpen('/advertiser/transaction', as(role)), role).toBe(false);
    }
    for (const role of ['agency', 'accounting', 'advertiser', 'wizard', 'viewer'] as Role[]) {
      expect(decideRoute('/transaction/new', as(role)), role).toEqual({ open: false, to: '/403' });
    }
  });

  it('refuses viewers the Instant Report and the campaign list', () => {
    expect(decideRoute('/campaign/stats/:id', as('viewer'))).toEqual({ open: false, to: '/403' });
    expect(decideRoute('/campaigns', as('viewer'))).toEqual({ open: false, to: '/403' });
    expect(mayOpen('/campaign/stats/:id', as('advertiser'))).toBe(true);
    expect(mayOpen('/campaigns', as('accounting'))).toBe(true);
  });

  it('keeps finances and the accounting overview from a viewer (no balance) and a publisher (sent to its own finances)', () => {
    expect(decideRoute('/advertiser/finances', as('viewer'))).toEqual({ open: false, to: '/403' });
    expect(decideRoute('/advertiser/finances', as('publisher'))).toEqual({ open: false, to: '/p/finances' });
    expect(mayOpen('/advertiser/finances', as('advertiser'))).toBe(true);
    expect(mayOpen('/advertiser/finances', as('agency'))).toBe(true);
    expect(decideRoute('/accounting', as('viewer'))).toEqual({ open: false, to: '/403' });
    expect(decideRoute('/accounting', as('publisher'))).toEqual({ open: false, to: '/403' });
    expect(mayOpen('/accounting', as('accounting'))).toBe(true);
  });

  it('refuses the advertiser list to sub-accounts other than co-workers', () => {
    expect(mayOpen('/advertisers', as('viewer', { parent: 'u1' }))).toBe(false);
    expect(mayOpen('/advertisers', as('advertiser', { parent: 'u1' }))).toBe(false);
    expect(mayOpen('/advertisers', as('co_worker', { parent: 'u1' }))).toBe(true);
    expect(mayOpen('/advertisers', as('agency'))).toBe(true);
  });

  it('sends accounting from the dashboard to the advertisers, and the publisher area to /p', () => {
    expect(decideRoute('/', as('accounting'))).toEqual({ open: false, to: '/advertisers' });
    expect(decideRoute('/', as('systemoperator', { selectedType: 'publisher' }))).toEqual({ open: false, to: '/p' });
    expect(decideRoute('/', as('publisher', { selectedType: 'publisher' }))).toEqual({ open: false, to: '/p' });
    expect(decideRoute('/', as('advertiser', { selectedType: 'advertiser' }))).toEqual({ open: true });
  });

  it('also asks the declaration at a generated screen\'s path', () => {
    // /blogpost/new is an advertiser route, but only admins write blog posts
    expect(mayOpen('/blogpost/new', as('advertiser'))).toBe(false);
    expect(mayOpen('/blogpost/new', as('administrator'))).toBe(true);
    // the booking wizard serves /booking/create: a viewer may not create bookings
    expect(mayOpen('/booking/create', as('viewer'))).toBe(false);
    expect(mayOpen('/booking/create', as('advertiser'))).toBe(true);
    // no minimum named: the declaration alone decides
    expect(mayOpen('/countries', as('publisher'))).toBe(true);
    expect(mayOpen('/outbox', as('administrator'))).toBe(false);
  });

  it('opens the line item\'s screen to every role that may write its fields and sends the others to /403', () => {
    const tuners = resourceByName.lineitem.access.update as readonly Role[];
    expect(tuners).toEqual(expect.arrayContaining(['agency', 'co_worker', 'administrator', 'systemoperator']));
    for (const path of ['/lineitem/update/:id', '/lineitem/edit/:id', '/lineitem/oldedit/:id']) {
      for (const role of ROLES) {
        // A co-worker is always a sub-account of its agency.
        const user = as(role, role === 'co_worker' || role === 'viewer' ? { parent: 'agency' } : {});
        expect(decideRoute(path, user), `${role} ${path}`).toEqual(tuners.includes(role) ? { open: true } : { open: false, to: '/403' });
      }
    }
  });

  it('opens every menu route SPEC gives a role (where the minimum alone would refuse it)', () => {
    expect(mayOpen('/graphics', as('agency'))).toBe(true);
    expect(mayOpen('/graphics', as('co_worker'))).toBe(true);
    expect(mayOpen('/banners', as('affiliatemanager'))).toBe(true);
    expect(mayOpen('/wizards', as('affiliatemanager'))).toBe(true);
    expect(mayOpen('/affiliate', as('affiliatemanager'))).toBe(true);
    expect(mayOpen('/network-monitoring', as('wizard'))).toBe(true);
  });

  it('lets a registered user in nowhere, and the systemoperator into every named page', () => {
    const generated = new Set(resourceRoutes().map((route) => route.path));
    for (const path of [...generated, ...Object.keys(ROUTE_RULES)]) expect(mayOpen(path, as('registered')), path).toBe(false);
    for (const path of Object.keys(ROUTE_RULES).filter((p) => !generated.has(p))) expect(mayOpen(path, as('systemoperator')), path).toBe(true);
  });

  it('names only paths of the SPEC shape, aliases of declared resources included', () => {
    for (const path of Object.keys(ROUTE_RULES)) expect(path).toMatch(/^\/([a-z0-9-]+|:[a-z]+)?(\/([a-z0-9-]+|:[a-z]+))*$/);
    for (const alias of ROUTE_ALIASES) expect(resourceByName[alias.resource], alias.path).toBeDefined();
    for (const rule of Object.values(ROUTE_RULES)) for (const role of rule.roles) expect(ROLES).toContain(role);
  });
});

describe('role-dependent list columns (SPEC section 6 "Other rules")', () => {
  const columns = (name: string, role: Role) => columnsFor(resourceByName[name], role);

  it('hides the advertiser column from advertisers everywhere', () => {
    for (const resource of resources.filter((r) => r.tenant?.by === 'advertiser' && r.list.columns.includes('advertiser'))) {
      expect(columnsFor(resource, 'advertiser'), resource.name).not.toContain('advertiser');
    }
    expect(columns('banner', 'agency')).toContain('advertiser');
  });

  it('takes it from agencies on booking templates and from all but the systemoperator on templates, segments, CIs and catalogs', () => {
    expect(columns('bookingtemplate', 'agency')).not.toContain('advertiser');
    expect(columns('bookingtemplate', 'administrator')).toContain('advertiser');
    for (const name of ['bannertemplate', 'segment', 'ci', 'catalog']) {
      expect(columns(name, 'administrator'), name).not.toContain('advertiser');
      expect(columns(name, 'systemoperator'), name).toContain('advertiser');
    }
    expect(columns('catalog', 'agency')).not.toContain('campaigns');
    expect(columns('catalog', 'systemoperator')).toContain('campaigns');
  });

  it('gives accounting the runtime and the alternative invoice name on campaigns, and no create buttons', () => {
    expect(columns('campaign', 'accounting')).toEqual(expect.arrayContaining(['runtime', 'invoiceItemName']));
    expect(columns('campaign', 'systemoperator')).not.toContain('runtime');
    expect(columns('campaign', 'systemoperator')).not.toContain('invoiceItemName');
    for (const resource of resources) expect(resource.list.createHiddenFor, resource.name).toContain('accounting');
  });

  it('names declared fields in its list rules', () => {
    for (const resource of resources) {
      const { columnRoles = {}, periods = {}, editVia, initialFilter = {} } = resource.list;
      for (const column of Object.keys(columnRoles)) expect(resource.list.columns, `${resource.name}.${column}`).toContain(column);
      for (const period of Object.values(periods)) expect(Object.keys(resource.fields)).toEqual(expect.arrayContaining([period.from, period.to]));
      if (editVia) expect(resource.fields, resource.name).toHaveProperty([editVia.field]);
      for (const field of Object.keys(initialFilter)) expect(resource.list.filters, `${resource.name}.${field}`).toContain(field);
    }
  });
});
