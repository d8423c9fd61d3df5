/**
 * The onsite container script an advertiser puts on the shop (`GET /c/{advertiserId}.js`, about 1 KB gzipped).
 * It keeps the click id of the landing URL (`adsuite_click=`) in the shop's own storage for 30 days and sends
 * the event classes of SPEC section 3 with `navigator.sendBeacon` (text/plain, so no preflight) to `/t/e`:
 *
 *   <script>window.adsuite = window.adsuite || []; adsuite.push(['front']);</script>
 *   <script async src="https://<ad server>/c/<advertiser id>.js"></script>
 *   ...
 *   adsuite.push(['order', { order: 'A-1001', value: 59.90 }]);   // a conversion
 *   adsuite.push(['product', { product: 'SKU-1' }]);
 *
 * (The container-code dialog shows this snippet: admin/src/layout/visibility.ts.) Calls made before the script
 * loaded wait in the array. Do-Not-Track and Global Privacy Control send nothing.
 */
export function containerScript(advertiserId: string, origin: string): string {
  return `/* AdSuite container ${advertiserId} */
(function(w,n){var A=${JSON.stringify(advertiserId)},E=${JSON.stringify(`${origin}/t/e`)},K="adsuite_click",T=2592e6,S;
try{S=w.localStorage}catch(e){}
function clickId(){try{var v=JSON.parse(S.getItem(K)||"null");return v&&v.t>Date.now()-T?v.id:null}catch(e){return null}}
try{var m=/[?&]adsuite_click=([0-9a-fA-F-]{36})/.exec(w.location.search);if(m)S.setItem(K,JSON.stringify({id:m[1],t:Date.now()}))}catch(e){}
function uid(){return w.crypto&&crypto.randomUUID?crypto.randomUUID():Date.now().toString(36)+Math.random().toString(36).slice(2)}
function send(cls,p){if(n.doNotTrack=="1"||n.globalPrivacyControl)return;var b={a:A,cls:cls,id:uid(),url:w.location.href,ref:document.referrer||null,click:clickId()},k;
for(k in p||{})b[k]=p[k];var j=JSON.stringify(b);
if(!(n.sendBeacon&&n.sendBeacon(E,j))&&w.fetch)fetch(E,{method:"POST",body:j,keepalive:true,credentials:"include"})}
var q=w.adsuite&&w.adsuite.length?w.adsuite:[];
w.adsuite={push:function(c){send(c[0],c[1])},track:send};
for(var i=0;i<q.length;i++)w.adsuite.push(q[i]);
})(window,navigator);
`;
}
