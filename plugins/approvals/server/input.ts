/** The approval API's input: the type, the page and the filters (SPEC section 7 "approval"), refused with 400 when wrong. */
import { APPROVAL_TYPES, type ApprovalType } from '@adsuite/config/approvals';
import { Invalid, isUuid, text } from '@adsuite/backend/kit';

export interface ApprovalFilter {
  advertiser?: string;
  campaign?: string;
  booking?: string;
}

const refuse = (field: string, message: ReturnType<typeof text>): never => {
  throw new Invalid(message, [{ field, message }]);
};

export function approvalType(value: unknown): ApprovalType {
  return APPROVAL_TYPES.includes(value as ApprovalType) ? (value as ApprovalType) : refuse('type', text('approvals.bad_type'));
}

export function approvalPage(value: unknown): number {
  if (value === undefined || value === '') return 1;
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : refuse('page', text('approvals.bad_page'));
}

/** The advertiser, campaign and booking filters: each an id when given. */
export function approvalFilter(query: Record<string, unknown>): ApprovalFilter {
  const filter: ApprovalFilter = {};
  for (const name of ['advertiser', 'campaign', 'booking'] as const) {
    const value = query[name];
    if (value === undefined || value === '') continue;
    filter[name] = isUuid(value) ? value : refuse(name, text('approvals.bad_id', { name }));
  }
  return filter;
}
