/**
 * Accounts (issue "Accounts, sub-accounts and money"): sign-up with e-mail confirmation, manual activation of
 * agencies, password reset and users for staff, all under /api/auth (SPEC section 7).
 */
import { Router } from 'express';
import type { ServerPlugin } from '@adsuite/backend/plugin';
import { loginRoutes } from './logins.ts';
import { publicAccountRoutes } from './publicRoutes.ts';

const plugin: ServerPlugin = {
  name: 'accounts',
  publicApi: publicAccountRoutes,
  api(core) {
    return Router().use(loginRoutes(core));
  },
};

export default plugin;
