/** Booking create, update, validate, CSV export, import and template bookings (../API.md). */
import { Router } from 'express';
import type { Core } from '@adsuite/backend/core';

export function bookingRoutes(_core: Core): Router {
  return Router();
}
