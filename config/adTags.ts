/**
 * What a publisher puts on its pages to earn from an accepted campaign (SPEC section 2 "banner embed code",
 * section 7 "Splitter link pattern /s/{id}/{lineItem}/1/SUBID"): the ad server's banner in an iframe, and links
 * through the click splitter. Both carry the publisher's id (`pub`) and website (`site`), which the ad server
 * stores with every view and click (plugins/tracking/server/routes.ts), so the traffic is the publisher's.
 */

/** One creative of a line item, as the ad server delivers it. */
export interface Placement {
  banner: string;
  lineitem: string;
  width: number | null;
  height: number | null;
}

export interface TagOwner {
  publisher: string;
  /** The website (host) the tag is placed on; without one the ad server takes the page's host from the Referer. */
  website?: string | null;
  /** The publisher's own sub id, handed back with its clicks. */
  subid?: string | null;
}

/** The longest sub id the ad server keeps. */
export const SUBID_MAX = 200;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The ad server's address of a placement: `/banner?id=&lineitem=&pub=&site=&subid=`. */
export function bannerUrl(origin: string, placement: Placement, owner: TagOwner): string {
  const query = new URLSearchParams({ id: placement.banner, lineitem: placement.lineitem, pub: owner.publisher });
  if (owner.website) query.set('site', owner.website);
  if (owner.subid) query.set('subid', owner.subid.slice(0, SUBID_MAX));
  return `${origin}/banner?${query}`;
}

/** The banner embed code: an iframe of the banner's size (300 x 250 when it has none). */
export function embedCode(origin: string, placement: Placement, owner: TagOwner): string {
  const width = placement.width || 300;
  const height = placement.height || 250;
  return `<iframe src="${escapeAttribute(bannerUrl(origin, placement, owner))}" width="${width}" height="${height}" frameborder="0" scrolling="no" style="border:0;overflow:hidden" title="Ad"></iframe>`;
}

/** A link through the click splitter: `/s/{banner}/{lineitem}/1/{SUBID}?pub=&site=` ('0' when there is no sub id). */
export function splitterLink(origin: string, placement: Placement, owner: TagOwner): string {
  const query = new URLSearchParams({ pub: owner.publisher });
  if (owner.website) query.set('site', owner.website);
  const subid = owner.subid ? owner.subid.slice(0, SUBID_MAX) : '0';
  return `${origin}/s/${placement.banner}/${placement.lineitem}/1/${encodeURIComponent(subid)}?${query}`;
}
