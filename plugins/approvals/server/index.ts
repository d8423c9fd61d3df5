/**
 * Approvals (SPEC sections 2, 4, 5 and 7, issue 14). Creative approval, for the administrator and the
 * systemoperator (route /approvals):
 *
 *   GET  /api/approval/count    what waits, per type (banner, lineitem), by advertiser, campaign and booking
 *   GET  /api/approval          one page of 10 of a type, with the same filters (queue.ts)
 *   POST /api/approval/review   the review of one item per channel (review.ts)
 *
 * Conversion and click approval of a campaign, for its advertiser and staff (routes /campaign/conversions/{id} and
 * /campaign/clicks/{id}: campaign manager and above, viewers refused; another advertiser's campaign is 404):
 *
 *   GET  /api/campaign/:id/conversions        a page of its conversions with their decisions (eventList.ts)
 *   POST /api/campaign/:id/conversions        one decision (saveConversionChange; eventDecisions.ts)
 *   POST /api/campaign/:id/conversions/bulk   several decisions, all or none (bulkSaveConversionChange)
 *   GET, POST /api/campaign/:id/clicks, POST /api/campaign/:id/clicks/bulk   the same for its clicks
 */
import { Router } from 'express';
import { mayOpen } from '@adsuite/config';
import type { EventApprovalKind } from '@adsuite/config/approvals';
import { contextOf, Forbidden, getRecord, type Core, type RequestContext, type ServerPlugin } from '@adsuite/backend/kit';
import { decideEvents, deciderOf } from './eventDecisions.ts';
import { eventChange, eventChanges, eventFilter } from './eventInput.ts';
import { type ApprovalCampaign, eventPage } from './eventList.ts';
import { approvalsApi } from './openapi.ts';
import { approvalFilter, approvalPage, approvalType } from './input.ts';
import { approvalItems, countWaiting } from './queue.ts';
import { saveReview } from './review.ts';
import { approveOverdue, VALIDATION_INTERVAL_MS, VALIDATION_JOB } from './validationWindow.ts';

/** Creative approval is the route /approvals' (SPEC section 6: administrator and above). */
function staffOnly(ctx: RequestContext) {
  if (!mayOpen('/approvals', { role: ctx.role, parent: (ctx.user.parent as string | null) ?? null })) throw new Forbidden();
}

const EVENT_ROUTES: Record<EventApprovalKind, string> = { conversion: '/campaign/conversions/:id', click: '/campaign/clicks/:id' };

/** The campaign whose conversions or clicks are read or decided: 403 for roles the route refuses, 404 out of reach. */
async function approvalCampaign(core: Core, ctx: RequestContext, kind: EventApprovalKind, id: string): Promise<ApprovalCampaign> {
  if (!mayOpen(EVENT_ROUTES[kind], { role: ctx.role, parent: (ctx.user.parent as string | null) ?? null })) throw new Forbidden();
  const row = await getRecord(core, ctx, core.resource('campaign'), id);
  return { id: String(row.id), name: String(row.name ?? ''), advertiser: String(row.advertiser) };
}

function eventApprovalRoutes(core: Core, router: Router, kind: EventApprovalKind, path: string) {
  router.get(`/campaign/:id/${path}`, async (req, res) => {
    const ctx = contextOf(req);
    const campaign = await approvalCampaign(core, ctx, kind, req.params.id);
    res.json(await eventPage(core, campaign, kind, eventFilter(kind, req.query as Record<string, unknown>)));
  });
  router.post(`/campaign/:id/${path}`, async (req, res) => {
    const ctx = contextOf(req);
    const campaign = await approvalCampaign(core, ctx, kind, req.params.id);
    const [row] = await decideEvents(core, deciderOf(ctx), campaign, kind, [eventChange(kind, req.body)]);
    res.json(row);
  });
  router.post(`/campaign/:id/${path}/bulk`, async (req, res) => {
    const ctx = contextOf(req);
    const campaign = await approvalCampaign(core, ctx, kind, req.params.id);
    res.json({ items: await decideEvents(core, deciderOf(ctx), campaign, kind, eventChanges(kind, req.body)) });
  });
}

export function approvalRoutes(core: Core): Router {
  const router = Router();

  router.get('/approval/count', async (req, res) => {
    staffOnly(contextOf(req));
    res.json(await countWaiting(core, approvalFilter(req.query as Record<string, unknown>)));
  });

  router.get('/approval', async (req, res) => {
    staffOnly(contextOf(req));
    const query = req.query as Record<string, unknown>;
    const type = approvalType(query.type);
    const filter = approvalFilter(query);
    const page = approvalPage(query.page);
    const count = (await countWaiting(core, filter))[type];
    res.json({ type, page, count, items: await approvalItems(core, type, { filter, page }) });
  });

  router.post('/approval/review', async (req, res) => {
    const ctx = contextOf(req);
    staffOnly(ctx);
    const body = (req.body ?? {}) as Record<string, unknown>;
    res.json(await saveReview(core, ctx, approvalType(body.type), String(body.id ?? ''), body));
  });

  eventApprovalRoutes(core, router, 'conversion', 'conversions');
  eventApprovalRoutes(core, router, 'click', 'clicks');

  return router;
}

const plugin: ServerPlugin = {
  name: 'approvals',
  openapi: approvalsApi,
  api: approvalRoutes,
  jobs(core) {
    core.jobs.every(VALIDATION_JOB, VALIDATION_INTERVAL_MS);
    return { [VALIDATION_JOB]: async () => void (await approveOverdue(core)) };
  },
};

export default plugin;
