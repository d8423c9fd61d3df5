/**
 * /api/invoice/... and /api/creditnote/... beyond the engine's list and read: search (number or advertiser
 * name), count, status change and the PDF download. Reads follow the declarations' scope (own advertiser;
 * viewers none); the status change follows their update access (admins, accounting, billing).
 */
import { Router } from 'express';
import { Op, type WhereOptions } from 'sequelize';
import { contextOf, type Core, escapeLike, getRecord, Invalid, listRecords, parseListQuery, type Row, text, toCents, updateRecord } from '@adsuite/backend/kit';
import { billingOfDocument, type DocumentKind } from '../documents.ts';
import { renderDocumentPdf, sellerOf } from '../pdf.ts';

export function documentRoutes(core: Core, kind: DocumentKind): Router {
  const router = Router();
  const resource = core.resource(kind);

  router.get(`/${kind}/search`, async (req, res) => {
    const { q, ...rest } = req.query as Record<string, unknown>;
    const query = parseListQuery(resource, rest);
    const text = typeof q === 'string' ? q.trim().slice(0, 200) : '';
    if (text) {
      const pattern = `%${escapeLike(text)}%`;
      const advertisers = (await core.model('advertiser').findAll({ attributes: ['id'], where: { name: { [Op.iLike]: pattern } }, limit: 1000, raw: true })) as Row[];
      const match: WhereOptions[] = [{ number: { [Op.iLike]: pattern } }, { advertiser: { [Op.in]: advertisers.map((a) => a.id as string) } }];
      query.where.push({ [Op.or]: match });
    }
    const { rows, total, offset } = await listRecords(core, contextOf(req), resource, query);
    const end = rows.length ? offset + rows.length - 1 : offset;
    res.set('Content-Range', `${kind} ${offset}-${end}/${total}`);
    res.set('Access-Control-Expose-Headers', 'Content-Range');
    res.json(rows);
  });

  router.get(`/${kind}/count`, async (req, res) => {
    const query = parseListQuery(resource, { filter: req.query.filter, range: '[0,0]' });
    const { total } = await listRecords(core, contextOf(req), resource, query);
    res.json({ count: total });
  });

  router.patch(`/${kind}/:id/status`, async (req, res) => {
    const status = (typeof req.body === 'object' && req.body ? req.body.status : undefined) as unknown;
    if (typeof status !== 'string' || !status) throw new Invalid(text('finances.status_required'), [{ field: 'status', message: text('finances.status_required') }]);
    res.json(await updateRecord(core, contextOf(req), resource, req.params.id, { status }));
  });

  router.get(`/${kind}/:id/download`, async (req, res) => {
    const document = await getRecord(core, contextOf(req), resource, req.params.id);
    const invoice = document.invoice ? ((await core.model('invoice').findByPk(document.invoice as string, { raw: true })) as Row | null) : null;
    const billing = await billingOfDocument(core, document);
    const pdf = await renderDocumentPdf({
      kind, number: document.number as string, date: document.date as string, status: document.status as string,
      billing, language: billing.language,
      net: toCents(Number(document.net)), vat: toCents(Number(document.vat)), gross: toCents(Number(document.gross)),
      reason: (document.reason as string | undefined) ?? null, invoiceNumber: (invoice?.number as string | undefined) ?? null,
      seller: await sellerOf(core),
    });
    res.set('Content-Type', 'application/pdf');
    res.set('Content-Disposition', `attachment; filename="${document.number}.pdf"`);
    res.send(pdf);
  });

  return router;
}
