/**
 * Hand-written, versioned migrations, applied in this order before the declared-schema sync. Add a file
 * `NNNN-what-it-does.ts` exporting `up` (and `down`) and list it here. They run before declared tables are
 * created on a fresh database, so a migration that changes a declared table guards with IF EXISTS.
 */
import type { Sequelize } from 'sequelize';
import type { MigrationParams } from 'umzug';
import * as schemaChanges from './0001-schema-changes.ts';
import * as accountTokens from './0002-account-tokens.ts';
import * as finances from './0003-finances.ts';
import * as jobs from './0004-jobs.ts';
import * as jobLeases from './0005-job-leases.ts';
import * as rateLimits from './0006-rate-limits.ts';
import * as bookingMarkers from './0007-booking-markers.ts';
import * as trigramSearch from './0008-trigram-search.ts';
import * as tracking from './0009-tracking.ts';
import * as campaignSubscriptions from './0010-campaign-subscriptions.ts';
import * as tenantSearch from './0011-tenant-search.ts';
import * as eventApprovals from './0012-event-approvals.ts';
import * as sessionVersions from './after-0001-session-versions.ts';
import * as cacheNotifications from './after-0002-cache-notifications.ts';
import * as trackingIndexes from './after-0003-tracking.ts';
import * as eventListIndexes from './after-0004-event-list-indexes.ts';
import * as eventDeliveryIndex from './after-0005-event-delivery-index.ts';
import * as eventClientIds from './after-0006-event-client-ids.ts';
import * as eventCampaignIndex from './after-0007-event-campaign-index.ts';
import * as moneyAccounts from './after-0008-money-accounts.ts';
import * as invalidTraffic from './after-0009-invalid-traffic.ts';
import * as lineitemPacing from './after-0010-lineitem-pacing.ts';

export type MigrationFn = (params: MigrationParams<Sequelize>) => Promise<void>;

export const migrations: { name: string; up: MigrationFn; down: MigrationFn }[] = [
  { name: '0001-schema-changes', ...schemaChanges },
  { name: '0002-account-tokens', ...accountTokens },
  { name: '0003-finances', ...finances },
  { name: '0004-jobs', ...jobs },
  { name: '0005-job-leases', ...jobLeases },
  { name: '0006-rate-limits', ...rateLimits },
  { name: '0007-booking-markers', ...bookingMarkers },
  { name: '0008-trigram-search', ...trigramSearch },
  { name: '0009-tracking', ...tracking },
  { name: '0010-campaign-subscriptions', ...campaignSubscriptions },
  { name: '0011-tenant-search', ...tenantSearch },
  { name: '0012-event-approvals', ...eventApprovals },
];

/**
 * Migrations that need the declared tables (triggers on them): applied after the declared-schema sync, in this
 * order. Their names start with `after-` and share the migrations table with the ones above.
 */
export const afterSchemaMigrations: { name: string; up: MigrationFn; down: MigrationFn }[] = [
  { name: 'after-0001-session-versions', ...sessionVersions },
  { name: 'after-0002-cache-notifications', ...cacheNotifications },
  { name: 'after-0003-tracking', ...trackingIndexes },
  { name: 'after-0004-event-list-indexes', ...eventListIndexes },
  { name: 'after-0005-event-delivery-index', ...eventDeliveryIndex },
  { name: 'after-0006-event-client-ids', ...eventClientIds },
  { name: 'after-0007-event-campaign-index', ...eventCampaignIndex },
  { name: 'after-0008-money-accounts', ...moneyAccounts },
  { name: 'after-0009-invalid-traffic', ...invalidTraffic },
  { name: 'after-0010-lineitem-pacing', ...lineitemPacing },
];
