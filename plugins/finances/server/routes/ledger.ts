/**
 * /api/finances/... : the selected advertiser's ledger, paged like the engine's lists and as CSV (SPEC
 * section 9: CSV export up to 500 rows), and the balance alert level for the dashboard banner.
 */
import { Router, type Request } from 'express';
import { stringify } from 'csv-stringify/sync';
import { contextOf, type Core, formatDay, type Language, listRecords, parseListQuery, type Row, toCents, translate, valueLabel } from '@adsuite/backend/kit';
import { financeAdvertiser } from '../access.ts';
import { balanceAlertOf } from '../alerts.ts';
import { euros } from '../money.ts';

export const CSV_ROWS = 500;

/** Text a spreadsheet program would run as a formula gets a leading apostrophe; plain amounts stay numbers. */
function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
}

/**
 * `transactions.csv` (csv-stringify) in the reader's language: date (DD-MM-YYYY, SPEC section 9), type,
 * description (the entries' names as the API answers them), reference and the amount in euros as a plain number
 * (1234.50, for spreadsheets in any locale), CRLF line ends; cells with a comma, quote, line break or semicolon
 * quoted; formulas defused.
 */
export function ledgerCsv(rows: Row[], language: Language): string {
  const lines = rows.map((row) => [
    formatDay(row.created), valueLabel(String(row.type))[language], row.description, row.reference ?? '', (toCents(Number(row.amount)) / 100).toFixed(2),
  ]);
  const header = ['date', 'type', 'description', 'reference', 'amount'].map((column) => translate(language, `finances.csv.${column}`));
  return stringify([header, ...lines], {
    record_delimiter: 'windows',
    quoted_match: /[\r\n;]/,
    cast: { string: defuseFormula, boolean: String, date: (value) => value.toISOString() },
  });
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
    const { language } = contextOf(req);
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', 'attachment; filename="transactions.csv"');
    res.send(ledgerCsv(rows as Row[], language));
  });

  router.get('/finances/alert', async (req, res) => {
    const advertiser = await financeAdvertiser(core, contextOf(req), req.query.advertiser, 'read');
    const funds = { id: advertiser.id as string, balance: toCents(Number(advertiser.balance ?? 0)), billingType: advertiser.billingType as string | null };
    const { level, usedDailyBudget, prepaid } = await balanceAlertOf(core, funds);
    res.json({ level, balance: advertiser.balance ?? 0, dailyBudget: euros(usedDailyBudget), prepaid });
  });

  return router;
}
