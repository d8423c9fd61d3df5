import { defineResource, t } from '../resource.ts';
import { ADMINS, STAFF_READERS, union } from '../access.ts';

/** The ad sizes a placement may have (IAB's common display sizes), width x height in pixels. */
export const PLACEMENT_SIZES = [
  '300x250', '728x90', '160x600', '300x600', '320x50', '320x100', '336x280', '468x60', '970x250', '120x600',
] as const;

/** A placement's size as numbers. */
export function placementSize(size: string): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number);
  return { width: width || 300, height: height || 250 };
}

/**
 * An ad slot on a publisher's website (issue 38): the publisher pastes its one tag, and the ad server chooses for
 * every request among the eligible line items of the campaigns the publisher accepted (plugins/delivery). Owned
 * by the publisher like its websites; a placement whose website is not its publisher's is never filled.
 */
export default defineResource({
  name: 'placement',
  label: { de: { one: 'Werbeplatz', many: 'Werbeplätze' }, en: { one: 'Placement', many: 'Placements' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 2, max: 200 },
    publisher: { type: 'ref', ref: 'publisher', label: t('Publisher', 'Publisher'), required: true },
    website: { type: 'ref', ref: 'website', label: t('Website', 'Website'), required: true },
    size: { type: 'enum', label: t('Größe', 'Size'), options: PLACEMENT_SIZES, required: true, default: '300x250' },
    active: { type: 'boolean', label: t('Aktiv', 'Active'), default: true },
  },
  list: { columns: ['name', 'website', 'size', 'publisher', 'active'], search: ['name'], filters: ['publisher', 'website', 'size', 'active'] },
  access: {
    read: union(STAFF_READERS, ['publisher']),
    create: union(ADMINS, ['publisher']),
    update: union(ADMINS, ['publisher']),
    delete: union(ADMINS, ['publisher']),
    recover: ADMINS,
  },
  tenant: { by: 'publisher', field: 'publisher' },
});
