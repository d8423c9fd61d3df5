/**
 * AdSuite's own ad server (`/banner`, click redirects): channels it delivers itself need no outside network.
 * Creating a line item there makes it deliverable; the ad server serves display formats, not search ads.
 */
import type { Connector, ConnectorRequest } from './types.ts';
import { ChannelRejection } from './types.ts';

const SERVABLE = new Set(['image_ad', 'html_ad', 'template_ad', 'video_ad']);

function applyToHouse(request: ConnectorRequest): { externalId?: string; message: string } {
  const { action, type, channel } = request;
  const where = channel ? `${channel.name} (AdSuite ad server)` : 'AdSuite ad server';
  if (type === 'campaign') {
    return { externalId: `house-${request.campaign.id}`, message: `${where}: campaign ${action === 'create' ? 'registered' : `${action} applied`}.` };
  }
  if (type === 'banner') {
    const [banner] = request.creatives;
    if (!banner) throw new ChannelRejection(`${where}: the banner no longer exists.`);
    if (!SERVABLE.has(String(banner.bannerType))) {
      throw new ChannelRejection(`${where}: the ad server cannot serve ${String(banner.bannerType)} creatives ("${String(banner.name)}").`);
    }
    return { externalId: `house-${banner.id}`, message: `${where}: banner "${String(banner.name)}" ${action === 'create' ? 'is served' : `${action} applied`}.` };
  }
  const lineitem = request.lineitem!;
  if (action === 'create' && request.creatives.length === 0) throw new ChannelRejection(`${where}: the line item has no creative.`);
  const externalId = request.externalId ?? `house-${lineitem.id}`;
  const done = { create: 'is deliverable', update: 'updated', pause: 'paused', resume: 'delivers again', cancel: 'stopped', archive: 'archived' }[action];
  return { externalId, message: `${where}: line item ${externalId} ${done}.` };
}

export const houseConnector: Connector = {
  mode: 'house',
  async apply(request) {
    return applyToHouse(request);
  },
};
