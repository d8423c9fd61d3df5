/** Publishing through the sync queue, channel connectors and the booking lifecycle (../../API.md). */
import { Router } from 'express';
import type { Core } from '@adsuite/backend/core';
import type { JobHandlers } from '@adsuite/backend/plugin';

export function publishingRoutes(_core: Core): Router {
  return Router();
}

export function publishingJobs(_core: Core): JobHandlers {
  return {};
}
