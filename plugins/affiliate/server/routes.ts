/**
 * The affiliate wizard's routes under /api: writing wizards with presets and lookups (wizards.ts), setting one live
 * (setLive.ts), the pickers' lists (targeting.ts) and the assignment push (assignments.ts). Thin: each parses the
 * request, calls its service and answers.
 */
import { Router } from 'express';
import { contextOf, type Core } from '@adsuite/backend/kit';
import { pushAssignment } from './assignments.ts';
import { setLive } from './setLive.ts';
import { targetingCategories, targetingCountries } from './targeting.ts';
import { createWizard, updateWizard } from './wizards.ts';

export function affiliateRoutes(core: Core): Router {
  const router = Router();
  // The wizard's own create and update, before the generic resource routes answer them.
  router.post('/wizard', async (req, res) => {
    res.status(201).json(await createWizard(core, contextOf(req), req.body));
  });
  router.put('/wizard/:id', async (req, res) => {
    res.json(await updateWizard(core, contextOf(req), req.params.id, req.body));
  });
  router.post('/wizard/setlive/:id', async (req, res) => {
    res.json(await setLive(core, contextOf(req), req.params.id));
  });
  router.get('/targeting/country', async (req, res) => {
    res.json(await targetingCountries(core, contextOf(req)));
  });
  router.get('/targeting/category', async (req, res) => {
    res.json(await targetingCategories(core, contextOf(req)));
  });
  router.post('/assignment/:id/push', async (req, res) => {
    const pushed = await pushAssignment(core, contextOf(req), req.params.id);
    res.status(pushed.created ? 201 : 200).json(pushed);
  });
  return router;
}
