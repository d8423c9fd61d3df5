import { describe, expect, it } from 'vitest';
import { allocationFor, equalAllocation, withWeight } from './allocation.ts';

describe('allocation weights', () => {
  it('splits 100 into equal whole weights, the first channels taking the remainder', () => {
    expect(equalAllocation(['facebook', 'instagram', 'googleads'])).toEqual([
      { channel: 'facebook', weight: 34 }, { channel: 'instagram', weight: 33 }, { channel: 'googleads', weight: 33 },
    ]);
    expect(equalAllocation(['dv360', 'ssp1'])).toEqual([{ channel: 'dv360', weight: 50 }, { channel: 'ssp1', weight: 50 }]);
    expect(equalAllocation([])).toEqual([]);
  });

  it('keeps the weights set while splitting the same channels, and goes back to equal ones otherwise', () => {
    const set = [{ channel: 'dv360', weight: 70 }, { channel: 'ssp1', weight: 30 }];
    expect(allocationFor(['ssp1', 'dv360'], set, true)).toEqual([{ channel: 'ssp1', weight: 30 }, { channel: 'dv360', weight: 70 }]);
    expect(allocationFor(['dv360', 'ssp1'], set, false)).toEqual(equalAllocation(['dv360', 'ssp1']));
    expect(allocationFor(['dv360', 'ssp1', 'outbrain'], set, true)).toEqual(equalAllocation(['dv360', 'ssp1', 'outbrain']));
    // a split needs two channels
    expect(allocationFor(['dv360'], [{ channel: 'dv360', weight: 10 }], true)).toEqual([{ channel: 'dv360', weight: 100 }]);
  });

  it('sets one weight as a whole number from 0 to 100', () => {
    const allocation = equalAllocation(['dv360', 'ssp1']);
    expect(withWeight(allocation, 'ssp1', 12.6)).toEqual([{ channel: 'dv360', weight: 50 }, { channel: 'ssp1', weight: 13 }]);
    expect(withWeight(allocation, 'ssp1', 250)[1].weight).toBe(100);
    expect(withWeight(allocation, 'ssp1', -3)[1].weight).toBe(0);
  });
});
