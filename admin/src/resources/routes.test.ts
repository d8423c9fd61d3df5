import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { defineResource, resources, t } from '@adsuite/config';
import { pathTo, screenRoutes } from './routes.ts';

/** The routes App.tsx registers: the SPEC screens plus react-admin's `<name>/*` for every resource. */
const appRoutes = (list = resources) => [
  ...screenRoutes(list).map((route) => ({ path: route.path, id: `${route.resource}:${route.screen}` })),
  ...list.map((resource) => ({ path: `/${resource.name}/*`, id: `${resource.name}:react-admin` })),
];

const open = (url: string) => {
  const matches = matchRoutes(appRoutes(), url);
  const last = matches?.at(-1);
  return last ? { route: last.route.id, params: last.params } : null;
};

describe('generated route table', () => {
  it('holds the list, create and edit path of every declared resource', () => {
    const paths = screenRoutes().map((route) => route.path);
    for (const resource of resources) {
      expect(paths).toContain(resource.routes.list);
      expect(paths).toContain(resource.routes.create);
      expect(paths).toContain(resource.routes.edit);
    }
    expect(screenRoutes()).toHaveLength(resources.length * 3);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('uses the SPEC paths, including the declared exceptions', () => {
    const paths = screenRoutes().map((route) => route.path);
    expect(paths).toEqual(expect.arrayContaining([
      '/banners', '/banner/new', '/banner/edit/:id',
      '/bookings', '/booking/create', '/booking/update/:id',
      '/lineitems', '/lineitem/create', '/lineitem/update/:id',
      '/logins', '/login/new', '/login/edit/:id',
      '/syncqueue', '/sync-queue/new', '/sync-queue/edit/:id',
      '/wizards', '/wizard/new', '/wizard/edit/:id',
    ]));
  });

  it('opens the SPEC screens on deep links, ahead of react-admin\'s own resource routes', () => {
    expect(open('/booking/update/6f1c')).toEqual({ route: 'booking:edit', params: { id: '6f1c' } });
    expect(open('/booking/create')).toMatchObject({ route: 'booking:create' });
    expect(open('/banner/new')).toMatchObject({ route: 'banner:create' });
    expect(open('/banner/edit/42')).toEqual({ route: 'banner:edit', params: { id: '42' } });
    expect(open('/login/edit/7')).toEqual({ route: 'login:edit', params: { id: '7' } });
    expect(open('/syncqueue')).toMatchObject({ route: 'sync-queue:list' });
    // react-admin's default links still reach a route, whose screen redirects to the SPEC path
    expect(open('/banner/42')).toMatchObject({ route: 'banner:react-admin' });
  });

  it('gives a newly declared resource its screens without touching the admin', () => {
    const gadget = defineResource({
      name: 'gadget',
      label: { de: { one: 'Gerät', many: 'Geräte' }, en: { one: 'Gadget', many: 'Gadgets' } },
      fields: { name: { type: 'text', label: t('Name', 'Name'), required: true } },
      list: { columns: ['name'] },
      access: { read: ['systemoperator'] },
    });
    expect(screenRoutes([...resources, gadget]).filter((route) => route.resource === 'gadget')).toEqual([
      { path: '/gadgets', resource: 'gadget', screen: 'list' },
      { path: '/gadget/new', resource: 'gadget', screen: 'create' },
      { path: '/gadget/edit/:id', resource: 'gadget', screen: 'edit' },
    ]);
    expect(pathTo(gadget, 'edit', 'a/b')).toBe('/gadget/edit/a%2Fb');
  });

  it('builds the SPEC path of a record', () => {
    expect(pathTo('booking', 'edit', 'abc')).toBe('/booking/update/abc');
    expect(pathTo('lineitem', 'create')).toBe('/lineitem/create');
    expect(pathTo('sync-queue', 'list')).toBe('/syncqueue');
    expect(() => pathTo('nothing', 'list')).toThrow();
  });
});
