/**
 * The tag a publisher pastes once per placement (issue 38): an async script that puts the ad server's frame into
 * the slot, with the same frame as the fallback for pages without scripts; or the frame alone. The ad server answers
 * the frame at `/z/{placement}` with the ad it chose (plugins/delivery/server/zone.ts) and the script at
 * `/z/{placement}/tag.js`.
 */
import { placementSize } from '@adsuite/config/resources/placement';

export interface TagPlacement {
  id: string;
  size: string;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The frame's address: `/z/{placement}`. */
export const zoneUrl = (origin: string, placement: Pick<TagPlacement, 'id'>) => `${origin}/z/${placement.id}`;

/** The frame alone: for pages that take no scripts. */
export function iframeTag(origin: string, placement: TagPlacement): string {
  const { width, height } = placementSize(placement.size);
  return `<iframe src="${escapeAttribute(zoneUrl(origin, placement))}" width="${width}" height="${height}" frameborder="0" scrolling="no" style="border:0;overflow:hidden" title="Ad"></iframe>`;
}

/** The async tag: a slot, the script that fills it, and the frame for pages without scripts. */
export function asyncTag(origin: string, placement: TagPlacement): string {
  const { width, height } = placementSize(placement.size);
  return [
    `<ins class="adsuite-zone" data-zone="${escapeAttribute(placement.id)}" data-width="${width}" data-height="${height}" style="display:inline-block;width:${width}px;height:${height}px"></ins>`,
    `<script async src="${escapeAttribute(zoneUrl(origin, placement))}/tag.js"></script>`,
    `<noscript>${iframeTag(origin, placement)}</noscript>`,
  ].join('\n');
}

/**
 * The script of `/z/{placement}/tag.js`: fills every slot of the placement not filled yet with the frame, naming the
 * page's host (`site`), which the ad server's targeting reads. The frame comes from where the script came from
 * (`origin` when the browser does not say).
 */
export function zoneScript(origin: string, placement: string): string {
  return `(function(){var z=${JSON.stringify(placement)},c=document.currentScript,o=c&&/^https?:/.test(c.src)?c.src.replace(/\\/z\\/[^/]*\\/tag\\.js$/,''):${JSON.stringify(origin)};`
    + `var s=document.querySelectorAll('ins.adsuite-zone[data-zone="'+z+'"]');`
    + `for(var i=0;i<s.length;i++){var e=s[i];if(e.getAttribute('data-filled'))continue;e.setAttribute('data-filled','1');`
    + `var f=document.createElement('iframe');f.src=o+'/z/'+z+'?site='+encodeURIComponent(location.hostname)+'&r='+Math.random().toString(36).slice(2);`
    + `f.width=e.getAttribute('data-width')||'300';f.height=e.getAttribute('data-height')||'250';f.title='Ad';f.setAttribute('frameborder','0');f.setAttribute('scrolling','no');`
    + `f.style.border='0';f.style.overflow='hidden';e.appendChild(f);}})();`;
}
