/**
 * Who may read which statistics (SPEC section 6):
 * - the Instant Report follows the route table's rule for /campaign/stats/{id} (campaign manager and above,
 *   accounting included, viewers refused: they are sent to /403), then the campaign must be one the request
 *   reaches: another advertiser's campaign is 404, its numbers are never read;
 * - Expert Analytics is the systemoperator's alone ('You are not allowed to access this page' for anyone else);
 * - the dashboard's analytics are the selected advertiser's (the Advertiser header, else the stored selection),
 *   for everyone who may read campaigns.
 */
import { mayOpen } from '@adsuite/config';
import { type Core, Forbidden, getRecord, Invalid, type RequestContext, type Row, text } from '@adsuite/backend/kit';

export interface ReportCampaign {
  id: string;
  name: string;
  advertiser: string;
  row: Row;
}

const asCampaign = (row: Row): ReportCampaign => ({ id: String(row.id), name: String(row.name ?? ''), advertiser: String(row.advertiser), row });

/** The campaign of an Instant Report (403 for roles the route refuses, 404 out of reach). */
export async function instantReportCampaign(core: Core, ctx: RequestContext, id: string): Promise<ReportCampaign> {
  if (!mayOpen('/campaign/stats/:id', { role: ctx.role, parent: (ctx.user.parent as string | null) ?? null })) throw new Forbidden();
  return asCampaign(await getRecord(core, ctx, core.resource('campaign'), id));
}

/** The campaign of Expert Analytics: systemoperator only. */
export async function expertCampaign(core: Core, ctx: RequestContext, id: string): Promise<ReportCampaign> {
  if (ctx.role !== 'systemoperator') throw new Forbidden(text('reports.not_allowed'));
  return asCampaign(await getRecord(core, ctx, core.resource('campaign'), id));
}

/** The advertiser whose dashboard is read: the request's selected one, visible to the user (else 404). */
export async function dashboardAdvertiser(core: Core, ctx: RequestContext): Promise<Row> {
  if (!ctx.ability.can('read', 'campaign')) throw new Forbidden();
  if (!ctx.selectedAdvertiser) {
    throw new Invalid(text('reports.select_advertiser'), [{ field: 'Advertiser', message: text('reports.select_advertiser') }]);
  }
  return getRecord(core, ctx, core.resource('advertiser'), ctx.selectedAdvertiser);
}
