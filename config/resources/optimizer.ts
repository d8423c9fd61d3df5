import { defineResource, t } from '../resource.ts';
import { union } from '../access.ts';
import { AFFILIATE_NETWORKS, HEALTH } from '../constants.ts';

/** The optimizer settings of one campaign (one per campaign; optimization dashboards, MCT calculator). Staff only. */
const DASHBOARD_STAFF = union(['systemoperator', 'affiliatemanager', 'wizard']);
const TUNERS = union(['systemoperator', 'affiliatemanager']);

export default defineResource({
  name: 'optimizer',
  label: { de: { one: 'Optimierer', many: 'Optimierer' }, en: { one: 'Optimizer', many: 'Optimizers' } },
  titleField: 'campaign',
  fields: {
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign'), required: true, unique: true },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser') },
    qty: { type: 'integer', label: t('QTY', 'QTY'), min: 0 },
    ctr: { type: 'number', label: t('CTR-Ziel', 'CTR target'), min: 0 },
    crp: { type: 'number', label: t('CRP', 'CRP'), min: 0 },
    ms: { type: 'number', label: t('Marktanteil (MS)', 'Market share (MS)'), min: 0 },
    mct: { type: 'number', label: t('MCT', 'MCT'), min: 0 },
    rp: { type: 'number', label: t('RP', 'RP'), min: 0 },
    nth: { type: 'integer', label: t('N-te', 'Nth'), min: 0 },
    promote: { type: 'boolean', label: t('Bewerben', 'Promote'), default: false },
    sticky: { type: 'boolean', label: t('Immer anzeigen', 'Sticky'), default: false },
    octrkey: { type: 'text', label: t('oCTR-Key', 'oCTR key'), max: 200 },
    uaNin: { type: 'stringList', label: t('Ausgeschlossene User-Agents', 'Excluded user agents'), default: [] },
    blockerTime: { type: 'integer', label: t('Sperrzeit (Minuten)', 'Blocker time (minutes)'), min: 0 },
    topProductCount: { type: 'integer', label: t('Anzahl Top-Produkte', 'Top product count'), min: 0 },
    topRefererCount: { type: 'integer', label: t('Anzahl Top-Referrer', 'Top referer count'), min: 0 },
    totalDailyBudget: { type: 'money', label: t('Gesamt-Tagesbudget', 'Total daily budget'), min: 0 },
    totalRangeBudget: { type: 'money', label: t('Gesamtbudget im Zeitraum', 'Total range budget'), min: 0 },
    detailedLogs: { type: 'boolean', label: t('Ausführliche Protokolle', 'Detailed logs'), default: false },
    revenueSource: { type: 'enum', label: t('Umsatzquelle', 'Revenue source'), options: AFFILIATE_NETWORKS },
    revenueSourceId: { type: 'text', label: t('ID der Umsatzquelle', 'Revenue source ID'), max: 200 },
    trackingCodes: { type: 'refMany', ref: 'trackingcode', label: t('Tracking-Codes', 'Tracking codes'), default: [] },
    contracts: { type: 'refMany', ref: 'contract', label: t('Verträge', 'Contracts'), default: [] },
    mediaPlans: { type: 'refMany', ref: 'mediaplan', label: t('Mediapläne', 'Media plans'), default: [] },
    hosts: { type: 'refMany', ref: 'host', label: t('Hosts', 'Hosts'), default: [] },
    lineItems: { type: 'refMany', ref: 'lineitem', label: t('Line Items', 'Line items'), default: [] },
    catalogs: { type: 'refMany', ref: 'catalog', label: t('Kataloge', 'Catalogs'), default: [] },
    health: { type: 'enum', label: t('Zustand', 'Health'), options: HEALTH, readOnly: true },
    instructions: {
      type: 'json', label: t('Hinweise', 'Instructions'), readOnly: true, default: [],
      shape: {
        kind: 'list', readOnly: true,
        parts: [{ key: 'level', type: 'choice', label: t('Stufe', 'Level'), choices: ['info', 'warning', 'danger'] }, { key: 'message', type: 'text', label: t('Meldung', 'Message') }],
      },
    },
  },
  list: {
    columns: ['campaign', 'qty', 'ctr', 'ms', 'mct', 'promote', 'sticky', 'health'],
    search: ['octrkey', 'revenueSourceId'],
    filters: ['campaign', 'advertiser', 'promote', 'sticky', 'revenueSource', 'health'],
  },
  access: { read: DASHBOARD_STAFF, create: ['systemoperator'], update: TUNERS, delete: ['systemoperator'], recover: ['systemoperator'] },
});
