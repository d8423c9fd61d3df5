/**
 * Accounts (issue "Accounts, sub-accounts and money"): sign-up with e-mail confirmation, manual activation of
 * agencies, password reset, users for staff and sub-accounts, all under /api/auth (SPEC section 7).
 */
import { Router } from 'express';
import { contextOf, type Core, Forbidden, type ServerPlugin } from '@adsuite/backend/kit';
import { loginRoutes } from './logins.ts';
import { accountApi } from './openapi.ts';
import { publicAccountRoutes } from './publicRoutes.ts';
import { bodyOf } from './rules.ts';
import { createSubaccount, deleteSubaccount, findSubaccount, getSubaccount, inviterOf, listSubaccounts, updateSubaccount } from './subaccounts.ts';
import { mailLink } from './tokens.ts';

function subaccountRoutes(core: Core): Router {
  const router = Router();
  router.get('/auth/subaccounts', async (req, res) => {
    const rows = await listSubaccounts(core, contextOf(req), { parent: req.query.parent, role: req.query.role });
    res.set('Content-Range', `subaccount 0-${Math.max(rows.length - 1, 0)}/${rows.length}`);
    res.json(rows);
  });
  router.post('/auth/subaccount', async (req, res) => {
    const ctx = contextOf(req);
    const created = await createSubaccount(core, ctx, bodyOf(req.body));
    await mailLink(core, created, 'invitation', inviterOf(ctx));
    res.status(201).json(created);
  });
  router.get('/auth/subaccount/:id', async (req, res) => {
    res.json(await getSubaccount(core, contextOf(req), req.params.id));
  });
  router.patch('/auth/subaccount/:id', async (req, res) => {
    res.json(await updateSubaccount(core, contextOf(req), req.params.id, bodyOf(req.body)));
  });
  router.delete('/auth/subaccount/:id', async (req, res) => {
    res.json(await deleteSubaccount(core, contextOf(req), req.params.id));
  });
  // Recovery: a new password link, or the invitation again while the sub-account has set no password yet.
  router.post('/auth/subaccount/:id/recovery', async (req, res) => {
    const ctx = contextOf(req);
    const row = await findSubaccount(core, ctx, req.params.id);
    await mailLink(core, row, row.password ? 'reset' : 'invitation', inviterOf(ctx));
    res.json({ result: 'ok' });
  });
  return router;
}

/**
 * GET /api/mail/delivery (systemoperator, who alone reads the outbox): whether mail goes out through SMTP, and
 * to which host, so the outbox screen can say what its copies are.
 */
function mailDeliveryRoute(core: Core): Router {
  return Router().get('/mail/delivery', (req, res) => {
    if (!contextOf(req).ability.can('read', 'outbox')) throw new Forbidden();
    const server = core.env.smtpUrl ? new URL(core.env.smtpUrl).host : null;
    res.json({ smtp: Boolean(core.env.smtpUrl), server });
  });
}

const plugin: ServerPlugin = {
  name: 'accounts',
  openapi: accountApi,
  publicApi: publicAccountRoutes,
  api(core) {
    return Router().use(loginRoutes(core), subaccountRoutes(core), mailDeliveryRoute(core));
  },
};

export default plugin;
