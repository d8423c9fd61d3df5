import { describe, expect, it } from 'vitest';
import { resourceByName } from '@adsuite/config';
import { createLink, editTarget, listAddress } from './listLinks.ts';

const { campaign, product, event, banner } = resourceByName;
const syncQueue = resourceByName['sync-queue'];

describe('generic list links (SPEC section 2 "Generic entity list")', () => {
  it('opens a campaign with a booking as that booking, one without as itself', () => {
    expect(editTarget(campaign, { id: 'c1', booking: 'b1' })).toEqual({ resource: 'booking', id: 'b1' });
    expect(editTarget(campaign, { id: 'c1', booking: null })).toEqual({ resource: 'campaign', id: 'c1' });
  });

  it('opens a sync job as the record it synchronises', () => {
    expect(editTarget(syncQueue, { id: 's1', type: 'lineitem', foreignId: 'l1' })).toEqual({ resource: 'lineitem', id: 'l1' });
    expect(editTarget(syncQueue, { id: 's1', type: 'banner', foreignId: 'x1' })).toEqual({ resource: 'banner', id: 'x1' });
    expect(editTarget(syncQueue, { id: 's1', type: 'banner' })).toEqual({ resource: 'sync-queue', id: 's1' });
    expect(editTarget(banner, { id: 'x1' })).toEqual({ resource: 'banner', id: 'x1' });
  });

  it('creates products for the catalog the list shows', () => {
    expect(createLink(product, { catalog: 'cat 1' })).toEqual({ to: '/product/new/cat%201', route: '/product/new/:catalog' });
    expect(createLink(product, {})).toEqual({ to: '/product/new', route: '/product/new' });
    expect(createLink(resourceByName.lineitem, {})).toEqual({ to: '/lineitem/create', route: '/lineitem/create' });
  });
});

describe('list addresses (SPEC section 2: query parameters campaign, catalog, cls, search)', () => {
  const read = (address: string | undefined) => {
    const query = new URLSearchParams(address);
    return { filter: JSON.parse(query.get('filter') ?? 'null'), shown: JSON.parse(query.get('displayedFilters') ?? 'null'), rest: [...query.keys()].filter((key) => key !== 'filter' && key !== 'displayedFilters') };
  };

  it('searches a list by the search parameter', () => {
    expect(read(listAddress(campaign, 'systemoperator', '?search=Summer'))).toEqual({ filter: { q: 'Summer' }, shown: {}, rest: [] });
    expect(read(listAddress(resourceByName.accesslog, 'wizard', '?search=shop.example'))).toMatchObject({ filter: { q: 'shop.example' } });
  });

  it('shows every filter the address sets in the filter bar, where the user can remove it', () => {
    expect(read(listAddress(banner, 'wizard', '?bannerType=html_ad'))).toEqual({ filter: { bannerType: ['html_ad'] }, shown: { bannerType: true }, rest: [] });
    expect(read(listAddress(event, 'wizard', '?campaign=c1&cls=order&search=shoe&unknown=1'))).toEqual({
      filter: { campaign: 'c1', cls: ['order'], q: 'shoe' }, shown: { campaign: true, cls: true }, rest: [],
    });
    expect(read(listAddress(product, 'advertiser', '?catalog=k1'))).toMatchObject({ filter: { catalog: 'k1' }, shown: { catalog: true } });
  });

  it('keeps the list\'s opening filter, drops filters the role is not offered and leaves react-admin\'s own addresses alone', () => {
    expect(read(listAddress(syncQueue, 'systemoperator', '?search=banner'))).toMatchObject({ filter: { status: ['not run', 'failed'], q: 'banner' } });
    expect(read(listAddress(syncQueue, 'systemoperator', '?status=successful'))).toMatchObject({ filter: { status: ['successful'] } });
    // the advertiser filter on CIs is the systemoperator's (SPEC section 6)
    expect(read(listAddress(resourceByName.ci, 'agency', '?advertiser=a1&search=x'))).toEqual({ filter: { q: 'x' }, shown: {}, rest: [] });
    expect(listAddress(campaign, 'systemoperator', '?filter=%7B%22q%22%3A%22x%22%7D&page=2')).toBeUndefined();
    expect(listAddress(campaign, 'systemoperator', '')).toBeUndefined();
    expect(listAddress(campaign, 'systemoperator', '?page=2&perPage=20')).toBeUndefined();
  });
});
