/**
 * Payouts (../payouts.ts), amounts in euros:
 *
 *   GET  /api/publisher/:id/payouts        the publisher's balance, open requests, available amount, minimum and its payouts
 *   POST /api/publisher/:id/payouts        `{ amount? }` (the publisher): a request of the amount or of all that is available
 *   POST /api/payout/:id/cancel            the publisher (its own) or accounting withdraws an open request
 *   POST /api/payout/:id/paid              accounting pays an open request: ledger entry and credit note; the publisher is mailed
 *   GET  /api/payout/:id/download          the credit note's PDF (paid payouts)
 *   GET  /api/finances/payouts?status=&range=   accounting's list of requests with each publisher's balance
 *
 * Reads follow the `payout` declaration (staff readers, a publisher its own); paying and the list are accounting's
 * (PAYOUT_ACCOUNTANTS).
 */
import { Router } from 'express';
import { QueryTypes } from 'sequelize';
import { contextOf, type Core, Forbidden, getRecord, Invalid, isUuid, NotFound, type RequestContext, type Row, sendMail, serialize, text } from '@adsuite/backend/kit';
import { PAYOUT_ACCOUNTANTS, PAYOUT_STATUSES } from '@adsuite/config/payouts';
import { euros } from '../money.ts';
import { cancelPayout, payoutMinimum, payPayout, publisherFunds, requestPayout, type PublisherFunds } from '../payouts.ts';
import { renderPayoutPdf } from '../payoutPdf.ts';

const isAccountant = (ctx: RequestContext) => (PAYOUT_ACCOUNTANTS as readonly string[]).includes(ctx.role);
const missing = () => new NotFound(text('errors.record_not_found', { what: { de: 'Auszahlung', en: 'Payout' } }));
const fundsInEuros = (funds: PublisherFunds) => ({ balance: euros(funds.balance), requested: euros(funds.requested), available: euros(funds.available) });
/** Most rows of accounting's list per page. */
const MAX_ROWS = 100;

export function payoutRoutes(core: Core): Router {
  const router = Router();
  const resource = core.resource('payout');
  const shown = (ctx: RequestContext, row: Row) => serialize(resource, row, ctx.language);

  /** The publisher of the path as the request may read it, and that it may read payouts. */
  const publisherOf = async (ctx: RequestContext, id: string) => {
    if (!ctx.ability.can('read', 'payout')) throw new Forbidden();
    return getRecord(core, ctx, core.resource('publisher'), id);
  };

  router.get('/publisher/:id/payouts', async (req, res) => {
    const ctx = contextOf(req);
    const publisher = await publisherOf(ctx, req.params.id);
    const funds = await publisherFunds(core, String(publisher.id));
    const rows = (await core.model('payout').findAll({ where: { publisher: publisher.id }, order: [['created', 'DESC'], ['id', 'DESC']], limit: 100, raw: true })) as Row[];
    res.json({ ...fundsInEuros(funds), minimum: euros(await payoutMinimum(core)), payouts: rows.map((row) => shown(ctx, row)) });
  });

  router.post('/publisher/:id/payouts', async (req, res) => {
    const ctx = contextOf(req);
    const publisher = await publisherOf(ctx, req.params.id);
    // The publisher asks for its money; staff pay it (or cancel), they do not ask for it.
    if (ctx.role !== 'publisher') throw new Forbidden(text('payouts.publisher_only'));
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : null;
    if (!body) throw new Invalid(text('payouts.bad_body'), [{ field: 'amount', message: text('payouts.bad_body') }]);
    const { payout, funds, minimum } = await requestPayout(core, ctx, String(publisher.id), body.amount);
    res.status(201).json({ payout: shown(ctx, payout), ...fundsInEuros(funds), minimum: euros(minimum) });
  });

  const payoutOf = async (ctx: RequestContext, id: string) => {
    if (!isUuid(id)) throw missing();
    return getRecord(core, ctx, resource, id.toLowerCase());
  };

  router.post('/payout/:id/cancel', async (req, res) => {
    const ctx = contextOf(req);
    const payout = await payoutOf(ctx, req.params.id);
    if (ctx.role !== 'publisher' && !isAccountant(ctx)) throw new Forbidden();
    const canceled = await cancelPayout(core, ctx, String(payout.id), (row) => isAccountant(ctx) || ctx.publisherIds.includes(String(row.publisher)));
    res.json(shown(ctx, canceled));
  });

  router.post('/payout/:id/paid', async (req, res) => {
    const ctx = contextOf(req);
    if (!isAccountant(ctx)) throw new Forbidden(text('payouts.accountants_only'));
    const payout = await payoutOf(ctx, req.params.id);
    const { payout: paid, funds } = await payPayout(core, ctx, String(payout.id));
    res.json({ payout: shown(ctx, paid), ...fundsInEuros(funds) });
    // After the commit and the answer: a mail server down never undoes a payment.
    if (funds.owner) {
      sendMail(core, {
        to: funds.owner.email, template: 'notice', language: funds.owner.language,
        data: {
          name: funds.owner.name ?? undefined, texts: 'payouts.mail.paid', link: `${core.env.publicUrl}/p/finances`,
          params: { amount: { money: Number(paid.amount) }, number: String(paid.number) },
        },
      }).catch((error) => console.error('finances: the payout mail failed', error));
    }
  });

  router.get('/payout/:id/download', async (req, res) => {
    const ctx = contextOf(req);
    const payout = await payoutOf(ctx, req.params.id);
    if (payout.status !== 'paid' || !payout.number) throw new NotFound(text('payouts.no_credit_note'));
    const row = (await core.model('payout').findByPk(String(payout.id), { raw: true })) as Row;
    const pdf = await renderPayoutPdf(core, row);
    res.set('Content-Type', 'application/pdf');
    res.set('Content-Disposition', `attachment; filename="${String(row.number)}.pdf"`);
    res.send(pdf);
  });

  router.get('/finances/payouts', async (req, res) => {
    const ctx = contextOf(req);
    if (!isAccountant(ctx)) throw new Forbidden(text('payouts.accountants_only'));
    const query = req.query as Record<string, unknown>;
    const status = query.status === undefined || query.status === '' ? null : query.status;
    if (status !== null && (typeof status !== 'string' || !(PAYOUT_STATUSES as readonly string[]).includes(status))) {
      throw new Invalid(text('payouts.bad_status', { options: PAYOUT_STATUSES.join(', ') }), [{ field: 'status', message: text('payouts.bad_status', { options: PAYOUT_STATUSES.join(', ') }) }]);
    }
    let [first, last] = [0, 9];
    if (query.range !== undefined) {
      let parsed: unknown = null;
      try {
        parsed = typeof query.range === 'string' ? JSON.parse(query.range) : null;
      } catch { /* refused below */ }
      if (!Array.isArray(parsed) || parsed.length !== 2 || !parsed.every((n) => Number.isInteger(n) && n >= 0) || parsed[1] < parsed[0] || parsed[1] - parsed[0] >= MAX_ROWS) {
        throw new Invalid(text('payouts.bad_range', { max: MAX_ROWS }), [{ field: 'range', message: text('payouts.bad_range', { max: MAX_ROWS }) }]);
      }
      [first, last] = parsed as [number, number];
    }
    const bind = status ? [status] : [];
    const where = status ? 'WHERE p.status = $1' : '';
    const [rows, [{ total }]] = await Promise.all([
      core.sequelize.query<{ id: string; publisher_id: string; publisher_name: string | null; balance: string }>(
        `SELECT p.id, p.publisher_id, pub.name AS publisher_name, (SELECT COALESCE(SUM(amount), 0) FROM earnings e WHERE e.publisher_id = p.publisher_id) AS balance
         FROM payouts p LEFT JOIN publishers pub ON pub.id = p.publisher_id ${where}
         ORDER BY (p.status = 'open') DESC, p.created ${status === 'open' ? 'ASC' : 'DESC'}, p.id LIMIT ${last - first + 1} OFFSET ${first}`,
        { bind, type: QueryTypes.SELECT },
      ),
      core.sequelize.query<{ total: number }>(`SELECT COUNT(*)::int AS total FROM payouts p ${where}`, { bind, type: QueryTypes.SELECT }),
    ]);
    const full = new Map(((await core.model('payout').findAll({ where: { id: rows.map((row) => row.id) }, raw: true })) as Row[]).map((row) => [String(row.id), row]));
    res.json({
      total,
      rows: rows.map((row) => ({
        ...shown(ctx, full.get(row.id)!), publisherName: row.publisher_name ?? 'unkown', balance: euros(Number(row.balance)),
      })),
    });
  });

  return router;
}
