/**
 * AdSuite's own ad server (`/banner`, click redirects): channels it delivers itself need no outside network.
 * Creating a line item there makes it deliverable; the ad server serves display formats, not search ads.
 * What it answers are texts of the catalogue (sync.house.*), read in the reader's language.
 */
import { text } from '@adsuite/backend/kit';
import type { Connector, ConnectorRequest, ConnectorResult } from './types.ts';
import { ChannelRejection } from './types.ts';

const SERVABLE = new Set(['image_ad', 'html_ad', 'template_ad', 'video_ad']);

function applyToHouse(request: ConnectorRequest): ConnectorResult {
  const { action, type, channel } = request;
  const where = channel ? text('sync.house.where_channel', { channel: channel.name }) : text('sync.house.where');
  const change = text(`sync.done.${action}`);
  if (type === 'campaign') {
    const message = action === 'create' ? text('sync.house.campaign_created', { where }) : text('sync.house.campaign_changed', { where, change });
    return { externalId: `house-${request.campaign.id}`, message };
  }
  if (type === 'banner') {
    const [banner] = request.creatives;
    if (!banner) throw new ChannelRejection(text('sync.house.banner_gone', { where }));
    const name = String(banner.name);
    if (!SERVABLE.has(String(banner.bannerType))) {
      throw new ChannelRejection(text('sync.house.banner_unservable', { where, type: String(banner.bannerType), name }));
    }
    const message = action === 'create' ? text('sync.house.banner_served', { where, name }) : text('sync.house.banner_changed', { where, name, change });
    return { externalId: `house-${banner.id}`, message };
  }
  const lineitem = request.lineitem!;
  if (action === 'create' && request.creatives.length === 0) throw new ChannelRejection(text('sync.house.lineitem_no_creative', { where }));
  const externalId = request.externalId ?? `house-${lineitem.id}`;
  const message = action === 'create' ? text('sync.house.lineitem_created', { where, id: externalId }) : text('sync.house.lineitem_changed', { where, id: externalId, change });
  return { externalId, message };
}

export const houseConnector: Connector = {
  mode: 'house',
  async apply(request) {
    return applyToHouse(request);
  },
};
