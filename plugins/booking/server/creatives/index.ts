/** Creatives: uploads, requirement checks, the creative service and the ad server's /banner endpoint (../../API.md). */
import type { Router } from 'express';
import type { Core, JobHandlers } from '@adsuite/backend/kit';
import { MAIL_JOB, prepareBooking, sendQueuedMail } from './prepare.ts';
import { creativeApiRoutes } from './routes.ts';
import { adServerRoutes } from './web.ts';

export { checkCreativesForChannels } from './check.ts';
export { prepareBooking } from './prepare.ts';
export { STANDARD_SIZES, ensureDefaultTemplates } from './templates.ts';

/** Under /api, with a token: /booking/files, /booking/creatives/check, /booking/creative-service/preview. */
export function creativeRoutes(core: Core): Router {
  return creativeApiRoutes(core);
}

/** Outside /api, public: /banner and /banner/file/:id. */
export function creativeWebRoutes(core: Core): Router {
  return adServerRoutes(core);
}

export function creativeJobs(core: Core): JobHandlers {
  return {
    'booking.prepare': (payload) => prepareBooking(core, payload.bookingId),
    [MAIL_JOB]: (payload) => sendQueuedMail(core, payload.outboxId),
  };
}
