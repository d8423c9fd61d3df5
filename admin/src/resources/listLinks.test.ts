import { describe, expect, it } from 'vitest';
import { resourceByName } from '@adsuite/config';
import { createLink, editTarget, filterFromQuery } from './listLinks.ts';

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

  it('creates products for the catalog the list was opened for', () => {
    expect(createLink(product, new URLSearchParams('catalog=cat 1'))).toEqual({ to: '/product/new/cat%201', route: '/product/new/:catalog' });
    expect(createLink(product, new URLSearchParams())).toEqual({ to: '/product/new', route: '/product/new' });
    expect(createLink(resourceByName.lineitem, new URLSearchParams())).toEqual({ to: '/lineitem/create', route: '/lineitem/create' });
  });

  it('reads search, campaign and class from the address', () => {
    expect(filterFromQuery(event, new URLSearchParams('campaign=c1&cls=order&search=shoe&unknown=1'))).toEqual({
      search: { q: 'shoe' }, fixed: { campaign: 'c1', cls: 'order' },
    });
    expect(filterFromQuery(banner, new URLSearchParams('bannerType=html_ad'))).toEqual({ search: {}, fixed: { bannerType: 'html_ad' } });
  });
});
