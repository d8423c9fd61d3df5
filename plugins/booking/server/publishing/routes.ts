/**
 * /api/booking/:id/status|pause|resume|cancel|end|channels and /api/sync-queue/:id/tree|force, /api/sync-queue/run
 * (../../API.md). Thin: check the input, call a service, answer the booking (euros, as the engine shows it).
 */
import { Router, type Request } from 'express';
import { channelByKey } from '@adsuite/config';
import { contextOf, type Core, Forbidden, Invalid, inWords, isUuid, NotFound, requestLanguage, type Row, serialize, text } from '@adsuite/backend/kit';
import { cancelBooking, changeChannels, changeEnd, pauseBooking, resumeBooking } from './lifecycle.ts';
import { publishBooking, waitWhilePublishing } from './publish.ts';
import { forceSyncJob } from './sync.ts';
import { lineItemRoutes } from './lineitems.ts';
import { bannerRoutes } from './bannerReview.ts';
import { queueRunnableJobs, syncTree } from './tree.ts';

/** Under the admin's request timeout of 120 s (SPEC section 9: publishing takes up to two minutes). */
export const PUBLISH_WAIT_MS = 110_000;

export function publishingRoutes(core: Core, options: { publishWaitMs?: number } = {}): Router {
  const router = Router();
  router.use(lineItemRoutes(core));
  router.use(bannerRoutes(core));
  const booking = (row: Row) => serialize(core.resource('booking'), row);

  router.post('/booking/:id/status', async (req, res) => {
    const ctx = contextOf(req);
    if (req.body?.status !== 'published') throw new Invalid(text('bookings.status_published_only'), [{ field: 'status', message: text('bookings.status_published_only') }]);
    await publishBooking(core, ctx, req.params.id);
    const after = await waitWhilePublishing(core, req.params.id, options.publishWaitMs ?? PUBLISH_WAIT_MS);
    const campaign = after.campaign ? ((await core.model('campaign').findByPk(after.campaign as string, { raw: true })) as Row | null) : null;
    const failedChannels = (campaign?.failedChannels as string[] | null) ?? [];
    if (after.status === 'pending') {
      const names = failedChannels.map((key) => channelByKey[key]?.name ?? key).join(', ');
      const message = inWords(text('bookings.not_published', { channels: names }), requestLanguage(req));
      res.status(400).json({ message, errors: [{ field: 'channels', message }], booking: booking(after), failedChannels });
      return;
    }
    res.status(after.status === 'publishing' ? 202 : 200).json({ booking: booking(after), failedChannels });
  });

  router.post('/booking/:id/pause', async (req, res) => {
    res.json(booking(await pauseBooking(core, contextOf(req), req.params.id)));
  });
  router.post('/booking/:id/resume', async (req, res) => {
    res.json(booking(await resumeBooking(core, contextOf(req), req.params.id)));
  });
  router.post('/booking/:id/cancel', async (req, res) => {
    res.json(booking(await cancelBooking(core, contextOf(req), req.params.id)));
  });
  router.put('/booking/:id/end', async (req, res) => {
    res.json(booking(await changeEnd(core, contextOf(req), req.params.id, req.body)));
  });
  router.put('/booking/:id/channels', async (req, res) => {
    res.json(booking(await changeChannels(core, contextOf(req), req.params.id, req.body)));
  });

  /** The sync queue is the systemoperator's (its declaration's access). */
  const allow = (req: Request, action: 'read' | 'update') => {
    if (!contextOf(req).ability.can(action, 'sync-queue')) throw new Forbidden();
  };

  router.get('/sync-queue/:id/tree', async (req, res) => {
    allow(req, 'read');
    if (!isUuid(req.params.id)) throw new NotFound(text('bookings.sync_job_not_found'));
    const tree = await syncTree(core, req.params.id, requestLanguage(req));
    if (!tree) throw new NotFound(text('bookings.sync_job_not_found'));
    res.json(tree);
  });

  router.post('/sync-queue/run', async (req, res) => {
    allow(req, 'update');
    const queued = await queueRunnableJobs(core);
    const ran = await core.jobs.runDue();
    res.json({ queued, ran });
  });

  router.post('/sync-queue/:id/force', async (req, res) => {
    allow(req, 'update');
    if (!isUuid(req.params.id)) throw new NotFound(text('bookings.sync_job_not_found'));
    const job = await forceSyncJob(core, req.params.id);
    if (!job) throw new NotFound(text('bookings.sync_job_not_found'));
    res.json(serialize(core.resource('sync-queue'), job));
  });

  return router;
}
