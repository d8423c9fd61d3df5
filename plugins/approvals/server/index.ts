/**
 * Approvals (SPEC sections 2, 4, 5 and 7, issue 14). Creative approval, for the administrator and the
 * systemoperator (route /approvals):
 *
 *   GET  /api/approval/count    what waits, per type (banner, lineitem), by advertiser, campaign and booking
 *   GET  /api/approval          one page of 10 of a type, with the same filters (queue.ts)
 *   POST /api/approval/review   the review of one item per channel (review.ts)
 */
import { Router } from 'express';
import { mayOpen } from '@adsuite/config';
import { contextOf, Forbidden, type Core, type RequestContext, type ServerPlugin } from '@adsuite/backend/kit';
import { approvalsApi } from './openapi.ts';
import { approvalFilter, approvalPage, approvalType } from './input.ts';
import { approvalItems, countWaiting } from './queue.ts';
import { saveReview } from './review.ts';

/** Creative approval is the route /approvals' (SPEC section 6: administrator and above). */
function staffOnly(ctx: RequestContext) {
  if (!mayOpen('/approvals', { role: ctx.role, parent: (ctx.user.parent as string | null) ?? null })) throw new Forbidden();
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

  return router;
}

const plugin: ServerPlugin = {
  name: 'approvals',
  openapi: approvalsApi,
  api: approvalRoutes,
};

export default plugin;
