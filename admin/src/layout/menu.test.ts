import { describe, expect, it } from 'vitest';
import { mayOpen, resources, ROLES, type Role } from '@adsuite/config';
import { pluginMenu } from '../plugins/index.ts';
import { RESOURCE_MENU } from './menuEntries.ts';
import { visibleMenu } from './visibleMenu.ts';

const ENTRIES = [...RESOURCE_MENU, ...pluginMenu()];
const menuOf = (role: Role, parent: string | null = null) =>
  visibleMenu(ENTRIES, role, (path) => mayOpen(path.split('?')[0], { role, parent }), (entry) => entry.to);
const paths = (role: Role, parent?: string) => {
  const { main, panel } = menuOf(role, parent);
  return { main: main.map((entry) => entry.to), panel: panel.flatMap(({ entries }) => entries.map((entry) => entry.to)), sections: panel.map(({ section }) => section) };
};

describe('the side menu (SPEC section 6 "Navigation visibility")', () => {
  it('shows only entries whose page opens for the role', () => {
    for (const role of ROLES) {
      const { main, panel } = menuOf(role);
      for (const entry of [...main, ...panel.flatMap(({ entries }) => entries)]) {
        expect(mayOpen(entry.to.split('?')[0], { role }), `${role} ${entry.to}`).toBe(true);
      }
    }
  });

  it('gives the systemoperator every entity list, most of them in the panel', () => {
    const { main, panel, sections } = paths('systemoperator');
    for (const resource of resources) expect([...main, ...panel], resource.name).toContain(resource.routes.list);
    expect(sections).toEqual(['management', 'adtech', 'admin', 'sysop']);
    expect(main).toEqual(expect.arrayContaining(['/', '/p', '/approvals', '/wizards', '/syncqueue', '/logins', '/advertisers']));
  });

  it('gives accounting advertisers, campaigns and accounting, and no dashboard', () => {
    expect(paths('accounting')).toEqual({ main: ['/campaigns', '/advertisers', '/accounting'], panel: [], sections: [] });
  });

  it('gives the administrator templates, a new template, approvals, line items, bookings and a new booking', () => {
    expect(paths('administrator').main).toEqual(['/bookings', '/booking/create', '/bookingtemplate', '/bookingtemplate/create', '/advertisers', '/lineitems', '/approvals']);
  });

  it('gives advertisers, agencies and co-workers bookings and a new booking; viewers only the bookings', () => {
    expect(paths('advertiser').main).toEqual(['/', '/bookings', '/booking/create']);
    expect(paths('viewer', 'parent').main).toEqual(['/', '/bookings']);
    expect(paths('agency').main).toEqual(['/', '/bookings', '/booking/create', '/advertisers']);
    expect(paths('co_worker', 'parent').main).toEqual(['/', '/bookings', '/booking/create', '/advertisers']);
  });

  it('gives agencies and co-workers their part of the panel', () => {
    for (const [role, parent] of [['agency', undefined], ['co_worker', 'parent']] as const) {
      expect(paths(role, parent).panel.sort()).toEqual(['/audiences', '/bannertemplates', '/cis', '/catalogs', '/domainlists', '/graphics', '/segments', '/subaccounts'].sort());
    }
    expect(paths('advertiser').panel).toEqual([]);
  });

  it('gives the wizard and the affiliatemanager their affiliate and creative entries', () => {
    expect(paths('wizard').main).toEqual(['/', '/advertisers', '/wizards', '/banners']);
    expect(paths('wizard').panel).toEqual(expect.arrayContaining(['/graphics', '/videos', '/audios', '/vasts', '/banners?bannerType=html_ad', '/network-monitoring']));
    expect(paths('affiliatemanager').main).toEqual(['/', '/advertisers', '/wizards', '/affiliate', '/campaign/invitations', '/banners']);
  });

  it('leads the publisher to its area', () => {
    expect(paths('publisher').main).toEqual(['/p', '/p/campaigns', '/publishers', '/placements']);
  });
});
