/** Booking create, update, validate, CSV export, import and template bookings (../API.md). Thin: parse, call, answer. */
import { Router, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { BOOKING_STEPS, type BookingStep } from '@adsuite/config/booking/index';
import { UPLOAD_MAX_BYTES } from '@adsuite/config';
import { contextOf, type Core, getRecord, Invalid, inWords, requestLanguage, text } from '@adsuite/backend/kit';
import { checkDraft, costsOfBooking, createBooking, invalidDraft, updateBooking } from './bookings.ts';
import { bookingsCsv, fileNameOf, templateBookings, templateBookingsCsv } from './exports.ts';
import { fileError, importBookings } from './import.ts';

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } }).single('file');

/** The multipart `file`; an upload over 10 MB or a malformed one is a 400, never a 500. */
const receiveFile: RequestHandler = (req, res, next) => {
  upload(req, res, (error: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return next(fileError('import_too_large', { max: UPLOAD_MAX_BYTES / 1024 / 1024 }));
    next(fileError('import_file_required'));
  });
};

function stepOf(raw: unknown): BookingStep | undefined {
  if (raw === undefined || raw === '') return undefined;
  const step = Number(raw);
  if (!(BOOKING_STEPS as readonly number[]).includes(step)) {
    throw new Invalid(text('bookings.step'), [{ field: 'step', message: text('bookings.step') }]);
  }
  return step as BookingStep;
}

function sendCsv(res: Response, fileName: string, content: string) {
  res.set('Content-Type', 'text/csv; charset=utf-8');
  res.set('Content-Disposition', `attachment; filename="${fileName}"`);
  res.send(content);
}

export function bookingRoutes(core: Core): Router {
  const router = Router();

  router.post('/booking/validate', async (req, res) => {
    const ctx = contextOf(req);
    const id = typeof req.query.id === 'string' && req.query.id ? req.query.id : undefined;
    const before = id ? await getRecord(core, ctx, core.resource('booking'), id) : undefined;
    const { errors, costs } = await checkDraft(core, ctx, req.body, { step: stepOf(req.query.step), before });
    if (errors.length) throw invalidDraft(errors);
    res.json({ ok: true, costs });
  });

  router.post('/booking/import/:entityId', receiveFile, async (req, res) => {
    const result = await importBookings(core, contextOf(req), req.params.entityId as string, req.file);
    // The refused lines' reasons in the reader's language.
    const language = requestLanguage(req);
    const errors = result.errors.map((line) => ({ ...line, errors: line.errors.map((e) => ({ ...e, message: inWords(e.message, language) })) }));
    res.json({ ...result, errors });
  });

  router.post('/booking', async (req, res) => {
    res.status(201).json(await createBooking(core, contextOf(req), req.body));
  });

  router.put('/booking/:id', async (req, res) => {
    res.json(await updateBooking(core, contextOf(req), req.params.id as string, req.body));
  });

  router.get('/booking/:id/costs', async (req, res) => {
    res.json(await costsOfBooking(core, contextOf(req), req.params.id as string));
  });

  router.get('/bookings.csv', async (req, res) => {
    sendCsv(res, 'bookings.csv', await bookingsCsv(core, contextOf(req), req.query as Record<string, unknown>));
  });

  router.get('/bookingtemplate/:id/bookings.csv', async (req, res) => {
    const { template, bookings } = await templateBookings(core, contextOf(req), req.params.id as string);
    sendCsv(res, fileNameOf(template.name, 'bookingtemplate'), templateBookingsCsv(bookings, requestLanguage(req)));
  });

  router.get('/bookingtemplate/:id/bookings', async (req, res) => {
    res.json((await templateBookings(core, contextOf(req), req.params.id as string)).bookings);
  });

  return router;
}
