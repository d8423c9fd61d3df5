/**
 * The sync queue's words (plugins/booking/server/publishing): job names, the message log the runner and the
 * channel connectors write, and the activity-log line of a job that failed for good. A job row keeps its name as
 * the synchronised record's name; `job.<type>.<action>` says what the job does with it (../syncJobs.ts). The
 * English texts are the words the log kept before it was translated, so older rows and searches still match.
 */
import type { Messages } from './shape.ts';

const de = {
  job: {
    campaign: {
      create: 'Kampagne „%{name}“ veröffentlichen',
      update: 'Kampagne „%{name}“ aktualisieren',
      pause: 'Kampagne „%{name}“ pausieren',
      resume: 'Kampagne „%{name}“ fortsetzen',
      cancel: 'Kampagne „%{name}“ stornieren',
      archive: 'Kampagne „%{name}“ entfernen',
    },
    lineitem: {
      create: 'Line Item „%{name}“ veröffentlichen',
      update: 'Line Item „%{name}“ aktualisieren',
      pause: 'Line Item „%{name}“ pausieren',
      resume: 'Line Item „%{name}“ fortsetzen',
      cancel: 'Line Item „%{name}“ stornieren',
      archive: 'Line Item „%{name}“ entfernen',
    },
    banner: {
      create: 'Banner „%{name}“ veröffentlichen',
      update: 'Banner „%{name}“ aktualisieren',
      pause: 'Banner „%{name}“ pausieren',
      resume: 'Banner „%{name}“ fortsetzen',
      cancel: 'Banner „%{name}“ stornieren',
      archive: 'Banner „%{name}“ entfernen',
    },
  },
  /** What a change did, as the connectors report it. */
  done: {
    create: 'angelegt',
    update: 'aktualisiert',
    pause: 'pausiert',
    resume: 'fortgesetzt',
    cancel: 'storniert',
    archive: 'archiviert',
  },
  object: {
    campaign: 'Kampagne',
    lineitem: 'Line Item',
    banner: 'Banner',
  },
  format: {
    image_ad: 'Bild',
    video_ad: 'Video',
    html_ad: 'HTML',
    template_ad: 'Vorlage',
    search_ad: 'Suchanzeige',
  },
  queued: 'Eingereiht.',
  forced: 'Zum erneuten Lauf eingereiht.',
  failed_for_good: 'Endgültig fehlgeschlagen: Die Technik wurde informiert.',
  will_retry: '%{reason} (wird wiederholt)',
  failed_log: 'Sync-Job „%{job}“ fehlgeschlagen: %{reason}',
  campaign_gone: 'Die Kampagne dieses Jobs gibt es nicht mehr.',
  lineitem_gone: 'Das Line Item dieses Jobs gibt es nicht mehr.',
  /** A pause or resume that a later one overtook: the channel is left as the line item now is. */
  superseded: {
    pause: 'Nicht mehr nötig: Die Buchung wurde inzwischen fortgesetzt.',
    resume: 'Nicht mehr nötig: Die Buchung wurde inzwischen wieder pausiert.',
  },
  /** Lines of older rows (the demo data's), read in the reader's language too. */
  campaign_created: 'Kampagne auf allen Kanälen angelegt.',
  banner_uploaded: 'Banner hochgeladen.',
  house: {
    where: 'AdSuite-Adserver',
    where_channel: '%{channel} (AdSuite-Adserver)',
    campaign_created: '%{where}: Kampagne registriert.',
    campaign_changed: '%{where}: Kampagne %{change}.',
    banner_gone: '%{where}: Das Banner gibt es nicht mehr.',
    banner_unservable: '%{where}: Der Adserver kann Werbemittel vom Typ %{type} nicht ausliefern („%{name}“).',
    banner_served: '%{where}: Banner „%{name}“ wird ausgeliefert.',
    banner_changed: '%{where}: Banner „%{name}“ %{change}.',
    lineitem_no_creative: '%{where}: Das Line Item hat kein Werbemittel.',
    lineitem_created: '%{where}: Line Item %{id} ist auslieferbar.',
    lineitem_changed: '%{where}: Line Item %{id} %{change}.',
  },
  sandbox: {
    banner_gone: '%{channel} (Sandbox): Das Banner gibt es nicht mehr.',
    creative_uploaded: '%{channel} (Sandbox): Werbemittel „%{name}“ als %{id} hochgeladen.',
    creative_changed: '%{channel} (Sandbox): Werbemittel „%{name}“ (%{id}) %{change}.',
    format_refused: '%{channel} (Sandbox) hat „%{name}“ abgelehnt: Es nimmt Werbemittel der Art %{formats}, nicht %{format}.',
    search_ad_too_small: '%{channel} (Sandbox) hat „%{name}“ abgelehnt: Eine Suchanzeige braucht mindestens %{headlines} Überschriften, %{descriptions} Beschreibungen und %{keywords} Keywords.',
    unknown_object: '%{channel} (Sandbox) kennt dieses Objekt (%{object}) nicht: Es wurde dort nie angelegt.',
    changed: '%{channel} (Sandbox): %{object} %{id} %{change}.',
  },
};

const en: Messages<typeof de> = {
  job: {
    campaign: {
      create: 'Publish campaign %{name}',
      update: 'Update campaign %{name}',
      pause: 'Pause campaign %{name}',
      resume: 'Resume campaign %{name}',
      cancel: 'Cancel campaign %{name}',
      archive: 'Remove campaign %{name}',
    },
    lineitem: {
      create: 'Publish line item %{name}',
      update: 'Update line item %{name}',
      pause: 'Pause line item %{name}',
      resume: 'Resume line item %{name}',
      cancel: 'Cancel line item %{name}',
      archive: 'Remove line item %{name}',
    },
    banner: {
      create: 'Publish banner %{name}',
      update: 'Update banner %{name}',
      pause: 'Pause banner %{name}',
      resume: 'Resume banner %{name}',
      cancel: 'Cancel banner %{name}',
      archive: 'Remove banner %{name}',
    },
  },
  done: {
    create: 'created',
    update: 'updated',
    pause: 'paused',
    resume: 'resumed',
    cancel: 'canceled',
    archive: 'archived',
  },
  object: {
    campaign: 'campaign',
    lineitem: 'line item',
    banner: 'banner',
  },
  format: {
    image_ad: 'image',
    video_ad: 'video',
    html_ad: 'HTML',
    template_ad: 'template',
    search_ad: 'search ad',
  },
  queued: 'Queued.',
  forced: 'Forced to run again.',
  failed_for_good: 'Failed for good: the technicians were informed.',
  will_retry: '%{reason} (will retry)',
  failed_log: 'Sync job "%{job}" failed: %{reason}',
  campaign_gone: 'The campaign of this job no longer exists.',
  lineitem_gone: 'The line item of this job no longer exists.',
  superseded: {
    pause: 'No longer needed: the booking was resumed since.',
    resume: 'No longer needed: the booking was paused again since.',
  },
  campaign_created: 'Campaign created on all channels.',
  banner_uploaded: 'Banner uploaded.',
  house: {
    where: 'AdSuite ad server',
    where_channel: '%{channel} (AdSuite ad server)',
    campaign_created: '%{where}: campaign registered.',
    campaign_changed: '%{where}: campaign %{change}.',
    banner_gone: '%{where}: the banner no longer exists.',
    banner_unservable: '%{where}: the ad server cannot serve %{type} creatives ("%{name}").',
    banner_served: '%{where}: banner "%{name}" is served.',
    banner_changed: '%{where}: banner "%{name}" %{change}.',
    lineitem_no_creative: '%{where}: the line item has no creative.',
    lineitem_created: '%{where}: line item %{id} is deliverable.',
    lineitem_changed: '%{where}: line item %{id} %{change}.',
  },
  sandbox: {
    banner_gone: '%{channel} (sandbox): the banner no longer exists.',
    creative_uploaded: '%{channel} (sandbox): creative "%{name}" uploaded as %{id}.',
    creative_changed: '%{channel} (sandbox): creative "%{name}" (%{id}) %{change}.',
    format_refused: '%{channel} (sandbox) refused "%{name}": it takes %{formats} creatives, not %{format}.',
    search_ad_too_small: '%{channel} (sandbox) refused "%{name}": a search ad needs at least %{headlines} headlines, %{descriptions} descriptions and %{keywords} keywords.',
    unknown_object: '%{channel} (sandbox) knows no such %{object}: it was never created there.',
    changed: '%{channel} (sandbox): %{object} %{id} %{change}.',
  },
};

export const syncQueueMessages = { de, en };
