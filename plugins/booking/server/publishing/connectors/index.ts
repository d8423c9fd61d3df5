/**
 * Which connector serves a channel. The channels AdSuite delivers through its own ad server (programmatic
 * display bought through Platform 161 and SSP1, the affiliate programmes) use the house connector; every
 * external network is a sandbox until its real API client is plugged in here.
 */
import { channelByKey, type ChannelDef } from '@adsuite/config';
import { houseConnector } from './house.ts';
import { sandboxConnector } from './sandbox.ts';
import type { Connector } from './types.ts';

export const HOUSE_CHANNELS: readonly string[] = ['platform161', 'ssp1', 'affiliate', 'affiliate_cpc'];

const sandboxes = new Map<string, Connector>();

/** The connector of a channel key, or the house connector for campaign-level jobs (no channel). */
export function connectorFor(channel: ChannelDef | undefined): Connector {
  if (!channel || HOUSE_CHANNELS.includes(channel.key)) return houseConnector;
  let connector = sandboxes.get(channel.key);
  if (!connector) {
    connector = sandboxConnector(channel);
    sandboxes.set(channel.key, connector);
  }
  return connector;
}

export function channelOf(key: unknown): ChannelDef | undefined {
  return typeof key === 'string' ? channelByKey[key] : undefined;
}

export { ChannelRejection, type Connector, type ConnectorRequest, type ConnectorResult, type SyncAction, type SyncType } from './types.ts';
