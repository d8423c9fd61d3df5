import { describe, expect, it } from 'vitest';
import { atLeast, HIERARCHY, passesRoute, ROLES } from './roles.ts';

describe('route checks', () => {
  it('has the 15 roles of the spec', () => {
    expect(ROLES).toHaveLength(15);
  });

  it('lets a user at or above the required role pass and stops one below', () => {
    expect(passesRoute('agency', 'advertiser')).toBe(true);
    expect(passesRoute('advertiser', 'advertiser')).toBe(true);
    expect(passesRoute('viewer', 'advertiser')).toBe(false);
    expect(passesRoute('advertiser', 'administrator')).toBe(false);
    expect(passesRoute('systemoperator', 'administrator')).toBe(true);
  });

  it('checks wizard, analyst, billing and registered by exact membership', () => {
    expect(passesRoute('wizard', 'wizard')).toBe(true);
    expect(passesRoute('administrator', 'wizard')).toBe(false);
    expect(passesRoute('agency', 'billing')).toBe(false);
    expect(passesRoute('billing', 'billing')).toBe(true);
    expect(passesRoute('systemoperator', 'wizard')).toBe(true);
  });

  it('lets staff outside the ladder reach member routes but not higher ones', () => {
    expect(passesRoute('wizard', 'dealer')).toBe(true);
    expect(passesRoute('wizard', 'advertiser')).toBe(false);
    expect(passesRoute('registered', 'dealer')).toBe(false);
  });

  it('accepts a list of roles, any one of which passes', () => {
    expect(passesRoute('accounting', ['wizard', 'accounting'])).toBe(true);
    expect(passesRoute('dealer', ['wizard', 'accounting'])).toBe(false);
  });

  it('lists the roles at or above a rung', () => {
    expect(atLeast('administrator')).toEqual(['administrator', 'affiliatemanager', 'systemoperator']);
    expect(atLeast(HIERARCHY[0])).toHaveLength(HIERARCHY.length);
  });
});
