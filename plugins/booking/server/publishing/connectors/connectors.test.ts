import { describe, expect, it } from 'vitest';
import { channelByKey } from '@adsuite/config';
import { say } from '@adsuite/config/i18n/serverText';
import { ChannelRejection, connectorFor, type ConnectorRequest } from './index.ts';

const campaign = { id: 'c1', name: 'Summer' };
const booking = { id: 'b1', markers: [] };
const image = { id: 'i1', name: 'Banner', bannerType: 'image_ad' };
const video = { id: 'v1', name: 'Clip', bannerType: 'video_ad' };
const search = { id: 's1', name: 'Search', bannerType: 'search_ad', headlines: ['a', 'b', 'c'], descriptions: ['a', 'b', 'c'], keywords: 'a\nb\nc\nd\ne' };

const lineItem = (channel: string, dailyBudget: number, creatives = [image], extra: Partial<ConnectorRequest> = {}): ConnectorRequest => ({
  action: 'create', type: 'lineitem', channel: channelByKey[channel], booking, campaign, lineitem: { id: 'l1', dailyBudget }, creatives, ...extra,
});
const banner = (channel: string, creative: Record<string, unknown>): ConnectorRequest => ({
  action: 'create', type: 'banner', channel: channelByKey[channel], booking, campaign, creatives: [creative],
});
const apply = (request: ConnectorRequest) => connectorFor(request.channel).apply(request);
/** What the connector answers, in English (what the log keeps as words) or German. */
const answered = async (request: ConnectorRequest, language: 'de' | 'en' = 'en') => {
  const { externalId, message } = await apply(request);
  return { externalId, message: say(language, message) };
};
/** The refusal in German, as the German reader of the log reads it. */
const refusedInGerman = async (request: ConnectorRequest) => apply(request).then(() => '', (error: ChannelRejection) => say('de', error.text as never));

describe('channel connectors', () => {
  it('serves Platform 161 and SSP1 from the house ad server, external networks from their sandboxes', () => {
    expect(connectorFor(channelByKey.platform161).mode).toBe('house');
    expect(connectorFor(channelByKey.affiliate).mode).toBe('house');
    expect(connectorFor(undefined).mode).toBe('house');
    for (const key of ['facebook', 'instagram', 'googleads', 'dv360', 'outbrain', 'tiktok', 'uzeads', 'audienceserv', 'decentraland']) {
      expect(connectorFor(channelByKey[key]).mode, key).toBe('sandbox');
    }
  });

  it('answers sandbox ids and refuses budgets below the channel minimum', async () => {
    expect((await apply(lineItem('facebook', 200))).externalId).toMatch(/^sandbox-facebook-[0-9a-f-]{36}$/);
    await expect(apply(lineItem('facebook', 199))).rejects.toThrow('Facebook (sandbox) refused the line item: the daily budget of 1,99\u00a0€ is below the channel minimum of 2,00\u00a0€.');
    await expect(apply(lineItem('tiktok', 1_999, [video]))).rejects.toBeInstanceOf(ChannelRejection);
    expect((await apply(lineItem('affiliate', 0))).externalId).toBe('house-l1');
  });

  it('refuses formats a network does not take and search ads that are too small', async () => {
    await expect(apply(banner('googleads', image))).rejects.toThrow('it takes search ad creatives, not image');
    expect((await answered(banner('googleads', search))).message).toMatch(/^Google Ads \(sandbox\): creative "Search" uploaded as sandbox-googleads-/);
    await expect(apply(banner('googleads', { ...search, keywords: 'a\nb' }))).rejects.toThrow('a search ad needs at least 3 headlines, 3 descriptions and 5 keywords');
    await expect(apply(banner('facebook', search))).rejects.toThrow('it takes image or video creatives, not search ad');
    await expect(apply(banner('platform161', search))).rejects.toThrow('the ad server cannot serve search_ad creatives');
    expect((await apply(banner('instagram', video))).externalId).toMatch(/^sandbox-instagram-/);
  });

  it('wants a location for out-of-home, a creative for every line item, and an id for later changes', async () => {
    await expect(apply(lineItem('uzeads', 500))).rejects.toThrow('UZE Ads (sandbox) refused the line item: it needs at least one location.');
    expect((await apply(lineItem('uzeads', 500, [image], { booking: { markers: [{ name: 'Berlin' }] } }))).externalId).toMatch(/^sandbox-uzeads-/);
    await expect(apply(lineItem('dv360', 500, []))).rejects.toThrow('it has no creative');
    await expect(apply(lineItem('dv360', 500, [image], { action: 'pause' }))).rejects.toThrow('knows no such line item');
    expect(await answered(lineItem('dv360', 500, [image], { action: 'pause', externalId: 'sandbox-dv360-x' }))).toEqual({ externalId: 'sandbox-dv360-x', message: 'Display & Video 360 (sandbox): line item sandbox-dv360-x paused.' });
  });

  it('answers and refuses in words of the catalogue, which read German too', async () => {
    expect(await answered(lineItem('dv360', 500, [image], { action: 'pause', externalId: 'sandbox-dv360-x' }), 'de'))
      .toEqual({ externalId: 'sandbox-dv360-x', message: 'Display & Video 360 (Sandbox): Line Item sandbox-dv360-x pausiert.' });
    expect((await answered(banner('instagram', video), 'de')).message).toMatch(/^Instagram \(Sandbox\): Werbemittel „Clip“ als sandbox-instagram-\S+ hochgeladen\.$/);
    expect(await refusedInGerman(banner('facebook', search))).toBe('Facebook (Sandbox) hat „Search“ abgelehnt: Es nimmt Werbemittel der Art Bild oder Video, nicht Suchanzeige.');
    expect(await refusedInGerman(banner('platform161', search))).toBe('Platform 161 (AdSuite-Adserver): Der Adserver kann Werbemittel vom Typ search_ad nicht ausliefern („Search“).');
    expect(await refusedInGerman(lineItem('dv360', 500, [image], { action: 'pause' }))).toBe('Display & Video 360 (Sandbox) kennt dieses Objekt (Line Item) nicht: Es wurde dort nie angelegt.');
    expect((await answered(lineItem('platform161', 500), 'de')).message).toBe('Platform 161 (AdSuite-Adserver): Line Item house-l1 ist auslieferbar.');
    expect((await answered({ action: 'create', type: 'campaign', booking, campaign, creatives: [] }, 'de')).message).toBe('AdSuite-Adserver: Kampagne registriert.');
  });
});
