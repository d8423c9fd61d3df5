import { subject } from '@casl/ability';
import { describe, expect, it } from 'vitest';
import { defineAbilityFor } from './abilities.ts';
import { resources } from './resources/index.ts';
import type { Role } from './roles.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const user = (role: Role, advertiserIds = [A]) =>
  defineAbilityFor({ id: 'u1', role, advertiserIds, publisherIds: [] });

describe('abilities', () => {
  it('scopes an advertiser to its own advertiser rows', () => {
    const ability = user('advertiser');
    expect(ability.can('read', subject('booking', { advertiser: A }) as never)).toBe(true);
    expect(ability.can('read', subject('booking', { advertiser: B }) as never)).toBe(false);
    expect(ability.can('update', subject('booking', { advertiser: B }) as never)).toBe(false);
  });

  it('lets a viewer read but never create, update or delete', () => {
    const ability = user('viewer');
    expect(ability.can('read', subject('campaign', { advertiser: A }) as never)).toBe(true);
    for (const resource of resources) {
      expect(ability.can('create', resource.name)).toBe(false);
      expect(ability.can('update', resource.name)).toBe(false);
      expect(ability.can('delete', resource.name)).toBe(false);
    }
  });

  it('gives staff every tenant and the systemoperator alone hard delete', () => {
    expect(user('administrator', []).can('read', subject('booking', { advertiser: B }) as never)).toBe(true);
    expect(user('administrator', []).can('destroy', 'booking')).toBe(false);
    expect(user('systemoperator', []).can('destroy', 'booking')).toBe(true);
  });

  it('gives nobody anything without a user or while only registered', () => {
    expect(defineAbilityFor(null).rules).toHaveLength(0);
    expect(user('registered').rules).toHaveLength(0);
  });
});
