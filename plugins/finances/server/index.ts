/**
 * Finances (SPEC sections 1, 7 and 9; ARCHITECTURE "Data and state"): the advertiser's ledger and balance,
 * card top-ups through a payment provider with VAT and idempotency, coupons, invoices and credit notes,
 * and balance alerts. Services (ledger, topups, coupons, documents, alerts) take plain arguments and a
 * transaction; the routers in routes/ are thin.
 */
import { Router } from 'express';
import type { ServerPlugin } from '@adsuite/backend/kit';
import { financeApi } from './openapi.ts';
import { paymentProvider } from './payments/index.ts';
import { advertiserRoutes } from './routes/advertiser.ts';
import { couponRoutes } from './routes/coupon.ts';
import { documentRoutes } from './routes/documents.ts';
import { ledgerRoutes } from './routes/ledger.ts';
import { manualEntryRoutes } from './routes/manualEntries.ts';
import { publisherRoutes } from './routes/publisher.ts';
import { payoutApi } from './payoutsOpenapi.ts';
import { payoutRoutes } from './routes/payouts.ts';

const plugin: ServerPlugin = {
  name: 'finances',
  openapi: { ...financeApi, ...payoutApi },
  api(core) {
    const router = Router();
    router.use(advertiserRoutes(core, paymentProvider()));
    router.use(ledgerRoutes(core));
    router.use(manualEntryRoutes(core));
    router.use(publisherRoutes(core));
    router.use(payoutRoutes(core));
    router.use(couponRoutes(core));
    router.use(documentRoutes(core, 'invoice'));
    router.use(documentRoutes(core, 'creditnote'));
    return router;
  },
};

export default plugin;
