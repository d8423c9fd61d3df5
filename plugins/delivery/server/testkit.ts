/** What the delivery tests share: the publisher area's test server (demo data, signed-in calls, SQL), placement requests, and a publisher's placement with an accepted campaign. */
import { usePublisherServer } from '../../publisher-area/server/testkit.ts';

export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const SYSOP = 'sysop@demo.test';
export const PUBLISHER = 'publisher@demo.test';

export function useDeliveryServer() {
  const base = usePublisherServer();
  const kit = {
    ...base,
    /** A placement request as a browser sends it (`cookie`: the ad server's visitor cookie). */
    zone(placement: string, site: string, cookie?: string): Promise<Response> {
      return fetch(`${base.server().url}/z/${placement}?site=${encodeURIComponent(site)}`, {
        headers: { 'User-Agent': BROWSER_UA, ...(cookie ? { Cookie: `adsuite_v=${cookie}` } : {}) },
      });
    },
    /**
     * The demo publisher's website `host` with a 300x250 placement, and its accepted invitation to `campaign` (staff
     * invite, the publisher accepted): the placement's id, the publisher's, and the campaign's house line item.
     */
    async offer(campaign: string, host: string): Promise<{ placement: string; publisher: string; lineitem: string; banner: string; campaign: string }> {
      const [publisher] = await kit.sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`);
      const headers = { Publisher: publisher.id };
      const website = await kit.call(PUBLISHER, '/api/website', { method: 'POST', headers, body: { name: host, url: `https://${host}`, publisher: publisher.id } });
      if (website.status !== 201 && website.status !== 200) throw new Error(`website: ${website.status} ${JSON.stringify(website.body)}`);
      const placement = await kit.call(PUBLISHER, '/api/placement', {
        method: 'POST', headers, body: { name: `${host} top`, website: website.body.id, size: '300x250', publisher: publisher.id },
      });
      if (placement.status !== 201 && placement.status !== 200) throw new Error(`placement: ${placement.status} ${JSON.stringify(placement.body)}`);
      const [line] = await kit.sql<{ id: string; campaign_id: string; banner: string }>(
        `SELECT l.id, l.campaign_id, l.creatives_ids[1] AS banner FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id WHERE c.name = $1 AND l.channel = 'platform161'`, [campaign],
      );
      await kit.sql(`UPDATE invitations SET archived_at = now() WHERE publisher_id = $1 AND campaign_id = $2`, [publisher.id, line.campaign_id]);
      const invitation = await kit.call(SYSOP, '/api/invitation', { method: 'POST', body: { publisher: publisher.id, campaign: line.campaign_id, invitationStatus: 'accepted' } });
      if (invitation.status !== 201 && invitation.status !== 200) throw new Error(`invitation: ${invitation.status} ${JSON.stringify(invitation.body)}`);
      return { placement: placement.body.id, publisher: publisher.id, lineitem: line.id, banner: line.banner, campaign: line.campaign_id };
    },
  };
  return kit;
}
