/** Creatives: uploads, requirement checks, the creative service and the ad server's /banner endpoint (../../API.md). */
import { Router } from 'express';
import type { Core } from '@adsuite/backend/core';
import type { JobHandlers } from '@adsuite/backend/plugin';

export function creativeRoutes(_core: Core): Router {
  return Router();
}

export function creativeWebRoutes(_core: Core): Router {
  return Router();
}

export function creativeJobs(_core: Core): JobHandlers {
  return {};
}
