import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { defineResource, resourceRoutes, resources, ROUTE_RULES, t } from '@adsuite/config';
import { messagesFor } from '../i18n/messages.ts';
import { pluginRoutes } from '../plugins/index.ts';
import { pathTo } from '../resources/routes.ts';
import { appRoutes, isMemberAreaPath, ROUTES } from './appRoutes.tsx';

/** The routes App.tsx registers: every page of the table, then react-admin's `<name>/*` for every resource. */
const registered = [
  ...ROUTES.map((route) => ({ path: route.path, id: route.screen ? `${route.screen.resource}:${route.screen.screen}` : `page:${route.path}` })),
  ...resources.map((resource) => ({ path: `/${resource.name}/*`, id: `${resource.name}:react-admin` })),
];

const open = (url: string) => {
  const last = matchRoutes(registered, url)?.at(-1);
  return last ? { route: last.route.id, params: last.params } : null;
};

describe('the member area\'s routes', () => {
  it('serve every path of the route table once', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of Object.keys(ROUTE_RULES)) expect(paths, path).toContain(path);
  });

  it('hold the list, create and edit path of every declared resource', () => {
    const paths = ROUTES.map((route) => route.path);
    for (const resource of resources) {
      for (const path of Object.values(resource.routes)) expect(paths, path).toContain(path);
    }
  });

  it('let a plugin screen replace the generated one at the same path', () => {
    const bookingCreate = ROUTES.find((route) => route.path === '/booking/create')!;
    expect(bookingCreate.screen).toBeUndefined();
    expect(ROUTES.find((route) => route.path === '/segment/edit/:id')!.screen).toMatchObject({ resource: 'segment', screen: 'edit' });
  });

  it('let a real plugin screen replace a placeholder, never a real one', () => {
    const stand = { path: '/p', title: 'a', component: () => null, placeholder: true };
    const real = { path: '/p', title: 'b', component: () => null };
    expect(pluginRoutes([{ name: 'one', routes: [stand] }, { name: 'two', routes: [real] }])).toEqual([real]);
    expect(pluginRoutes([{ name: 'two', routes: [real] }, { name: 'one', routes: [stand] }])).toEqual([real]);
    expect(() => pluginRoutes([{ name: 'one', routes: [real] }, { name: 'two', routes: [real] }])).toThrow('/p');
  });

  it('title every page in both languages', () => {
    for (const language of ['de', 'en'] as const) {
      const messages = new Map(Object.entries(flatten(messagesFor(language))));
      const translate = (key: string, options?: Record<string, unknown>) => {
        const text = messages.get(key);
        if (text === undefined) throw new Error(`no ${language} message ${key}`);
        return text.replace(/%\{(\w+)\}/g, (_m, name: string) => String(options?.[name] ?? ''));
      };
      for (const route of ROUTES) expect(route.title(translate as never), route.path).not.toBe('');
    }
  });

  it('open the SPEC screens on deep links, ahead of react-admin\'s own resource routes', () => {
    expect(open('/segment/edit/6f1c')).toEqual({ route: 'segment:edit', params: { id: '6f1c' } });
    expect(open('/booking/update/6f1c')).toEqual({ route: 'page:/booking/update/:id', params: { id: '6f1c' } });
    expect(open('/booking/create')).toMatchObject({ route: 'page:/booking/create' });
    expect(open('/banner/new')).toMatchObject({ route: 'banner:create' });
    expect(open('/banner/create')).toMatchObject({ route: 'page:/banner/create' });
    expect(open('/login/edit/7')).toEqual({ route: 'login:edit', params: { id: '7' } });
    expect(open('/cis')).toMatchObject({ route: 'ci:list' });
    expect(open('/syncqueue')).toMatchObject({ route: 'page:/syncqueue' });
    expect(open('/campaign/new')).toMatchObject({ route: 'campaign:create' });
    expect(open('/campaign/42')).toEqual({ route: 'page:/campaign/:id', params: { id: '42' } });
    expect(open('/campaign/stats/42')).toMatchObject({ route: 'page:/campaign/stats/:id' });
    expect(open('/lineitem/oldedit/9')).toEqual({ route: 'lineitem:edit', params: { id: '9' } });
    expect(open('/product/new/c1')).toEqual({ route: 'product:create', params: { catalog: 'c1' } });
    expect(open('/search/shoes')).toEqual({ route: 'page:/search/:term', params: { term: 'shoes' } });
    expect(open('/')).toMatchObject({ route: 'page:/' });
    // react-admin's default links still reach a route, whose screen redirects to the SPEC path
    expect(open('/banner/42')).toMatchObject({ route: 'banner:react-admin' });
  });

  it('know an unknown path as unknown, before anyone signs in (SPEC section 2: it goes to /404)', () => {
    for (const path of ['/', '/campaigns', '/banner/edit/42', '/booking/create', '/search/shoes', '/banner/42', '/p/campaign/stats/7', '/login']) {
      expect(isMemberAreaPath(path), path).toBe(true);
    }
    for (const path of ['/no/such/page', '/campaignz', '/banners/x/y/z/extra', '/p/nothing']) expect(isMemberAreaPath(path), path).toBe(false);
  });

  it('give a newly declared resource its screens without touching the admin', () => {
    const gadget = defineResource({
      name: 'gadget',
      label: { de: { one: 'Gerät', many: 'Geräte' }, en: { one: 'Gadget', many: 'Gadgets' } },
      fields: { name: { type: 'text', label: t('Name', 'Name'), required: true } },
      list: { columns: ['name'] },
      access: { read: ['systemoperator'] },
    });
    const routes = appRoutes([], resourceRoutes([...resources, gadget])).filter((route) => route.screen?.resource === 'gadget');
    expect(routes.map((route) => route.path)).toEqual(['/gadgets', '/gadget/new', '/gadget/edit/:id']);
    expect(pathTo(gadget, 'edit', 'a/b')).toBe('/gadget/edit/a%2Fb');
  });

  it('build the SPEC path of a record', () => {
    expect(pathTo('booking', 'edit', 'abc')).toBe('/booking/update/abc');
    expect(pathTo('lineitem', 'create')).toBe('/lineitem/create');
    expect(pathTo('sync-queue', 'list')).toBe('/syncqueue');
    expect(() => pathTo('nothing', 'list')).toThrow();
  });
});

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.assign({}, ...Object.entries(tree).map(([key, value]) => (typeof value === 'string' ? { [`${prefix}${key}`]: value } : flatten(value, `${prefix}${key}.`))));
}
