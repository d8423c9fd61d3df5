/**
 * One interface for every channel (ARCHITECTURE "Tracking and statistics"): the sync queue hands a connector
 * one change of one object (create, update, pause, ... a campaign, line item or banner) and records what it
 * answers. This environment reaches no network, so external channels run in sandbox mode; a real API client
 * implements the same interface.
 */
import type { ChannelDef } from '@adsuite/config';
import type { SyncAction, SyncType } from '@adsuite/config/i18n/syncJobs';
import { inWords, type Message, PermanentFailure, type Row, type ServerText } from '@adsuite/backend/kit';

export type { SyncAction, SyncType };

/** Rows in their stored form (money in cents). */
export interface ConnectorRequest {
  action: SyncAction;
  type: SyncType;
  /** The channel of a line item or banner job; none for the campaign. */
  channel?: ChannelDef;
  booking: Row | null;
  campaign: Row;
  lineitem?: Row;
  /** The line item's banners (line item jobs) or the one banner (banner jobs). */
  creatives: Row[];
  /** The object's id on the channel, once created there. */
  externalId?: string | null;
  /**
   * The same for every attempt of one change (the sync row's id): a connector passes it to networks that take
   * one, so a change sent twice (a job that ran again) creates one object, and the answer names it again.
   */
  idempotencyKey?: string;
}

export interface ConnectorResult {
  externalId?: string;
  /** What the sync job's message log says, in the reader's language (config/i18n/server/syncQueue.ts). */
  message: ServerText;
}

export interface Connector {
  /** `house` (AdSuite's ad server) or `sandbox` (a simulated network). */
  mode: 'house' | 'sandbox';
  apply(request: ConnectorRequest): Promise<ConnectorResult>;
}

/** The channel refuses the change as it stands: running it again cannot help, so the job fails at once. */
export class ChannelRejection extends PermanentFailure {
  /** The refusal as a user reads it: a catalogue text where AdSuite words it (the sandbox's own checks). */
  readonly text: Message;
  constructor(message: Message) {
    // The job log keeps the English words.
    super(inWords(message, 'en'));
    this.text = message;
  }
}
