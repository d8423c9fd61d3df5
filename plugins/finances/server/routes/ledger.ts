/**
 * /api/finances/... : the selected advertiser's ledger, paged like the engine's lists and as CSV (SPEC
 * section 9: CSV export up to 500 rows), and the balance alert level for the dashboard banner.
 */
import { Router, type Request } from 'express';
import type { Core } from '@adsuite/backend/core';
import { contextOf } from '@adsuite/backend/auth/context';
import { parseListQuery } from '@adsuite/backend/resources/listQuery';
import { listRecords } from '@adsuite/backend/resources/service';
import { toCents, type Row } from '@adsuite/backend/resources/values';
import { financeAdvertiser } from '../access.ts';
import { alertLevelOf } from '../alerts.ts';

export const CSV_ROWS = 500;

/** One CSV cell: quoted when needed, and text that a spreadsheet would run as a formula is defused. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function ledgerRoutes(core: Core): Router {
  const router = Router();
  const resource = core.resource('transaction');

  const ledgerQuery = async (req: Request, range?: [number, number]) => {
    const ctx = contextOf(req);
    const advertiser = await financeAdvertiser(core, ctx, req.query.advertiser, 'read');
    const query = parseListQuery(resource, { ...req.query, ...(range ? { range: JSON.stringify(range) } : {}) });
    query.where.push({ advertiser: advertiser.id });
    return listRecords(core, ctx, resource, query);
  };

  router.get('/finances/ledger', async (req, res) => {
    const { rows, total, offset } = await ledgerQuery(req);
    const end = rows.length ? offset + rows.length - 1 : offset;
    res.set('Content-Range', `${resource.name} ${offset}-${end}/${total}`);
    res.set('Access-Control-Expose-Headers', 'Content-Range');
    res.json(rows);
  });

  router.get('/finances/ledger.csv', async (req, res) => {
    const { rows } = await ledgerQuery(req, [0, CSV_ROWS - 1]);
    const lines = [['Date', 'Type', 'Description', 'Reference', 'Amount (EUR)']];
    for (const row of rows as Row[]) {
      const cents = toCents(Number(row.amount));
      lines.push([new Date(row.created as string).toISOString().slice(0, 10), row.type as string, row.description as string, (row.reference as string) ?? '', (cents / 100).toFixed(2)]);
    }
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', 'attachment; filename="transactions.csv"');
    res.send(`${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`);
  });

  router.get('/finances/alert', async (req, res) => {
    const advertiser = await financeAdvertiser(core, contextOf(req), req.query.advertiser, 'read');
    const funds = { id: advertiser.id as string, balance: toCents(Number(advertiser.balance ?? 0)), billingType: advertiser.billingType as string | null };
    res.json({ level: await alertLevelOf(core, funds), balance: advertiser.balance ?? 0 });
  });

  return router;
}
