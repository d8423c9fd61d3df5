/**
 * Who may do what with an advertiser's money, and which advertiser a request is about. Reading finances
 * follows the ledger's declared read access (staff readers and advertiser-side writers: a viewer sees no
 * balance, SPEC section 6); the advertiser must be one the request reaches (its selected advertiser for
 * advertiser-side users), else 404.
 */
import { ADMINS, ADVERTISER_WRITERS, union, type Role } from '@adsuite/config';
import { canOnRow, type Core, Forbidden, getRecord, Invalid, type RequestContext, type Row, text } from '@adsuite/backend/kit';

/** Pay by card and redeem coupons. */
export const PAYERS: readonly Role[] = union(ADMINS, ADVERTISER_WRITERS);
/** Refunds, manual spends, invoice and credit note status. */
export const ACCOUNTANTS: readonly Role[] = union(ADMINS, ['accounting', 'billing']);

export type FinanceAction = 'read' | 'pay' | 'account';

function allowed(ctx: RequestContext, action: FinanceAction): boolean {
  if (action === 'pay') return PAYERS.includes(ctx.role);
  if (action === 'account') return ACCOUNTANTS.includes(ctx.role);
  return ctx.ability.can('read', 'transaction');
}

/** The advertiser (as the API shows it) named by `requested`, or else the request's selected advertiser. */
export async function financeAdvertiser(core: Core, ctx: RequestContext, requested: unknown, action: FinanceAction): Promise<Row> {
  if (!allowed(ctx, action)) throw new Forbidden();
  const id = requested === undefined || requested === '' ? ctx.selectedAdvertiser : requested;
  if (!id) throw new Invalid(text('finances.select_advertiser'), [{ field: 'advertiser', message: text('finances.select_advertiser') }]);
  const advertiser = await getRecord(core, ctx, core.resource('advertiser'), String(id));
  if (!canOnRow(ctx.ability, 'read', 'transaction', { advertiser: advertiser.id })) throw new Forbidden();
  return advertiser;
}
