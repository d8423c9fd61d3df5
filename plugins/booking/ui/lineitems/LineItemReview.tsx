/**
 * A live line item's change that waits for creative approval (issue 14: it delivers with its previous values
 * until staff approve), field by field with the previous and the new value, or staff's last rejection of one;
 * and the creatives it holds since their content changed, which it delivers again once approved.
 */
import { Alert, AlertTitle, Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { resourceByName } from '@adsuite/config';
import { reviewRows } from '@adsuite/config/approvals';
import { changeRows } from '@adsuite/config/resources/jsonShapes';
import { formatEur } from '@adsuite/config/i18n/format';

const fields = resourceByName.lineitem.fields as Record<string, { type: string } | undefined>;

type ReviewedLineItem = { channel?: string | null; changes?: unknown; reviews?: unknown; heldCreatives?: unknown };

export function LineItemReview({ item }: { item: ReviewedLineItem }) {
  const translate = useTranslate();
  const held = Array.isArray(item.heldCreatives) ? item.heldCreatives.length : 0;
  return (
    <>
      {held > 0 && <Alert severity="info" sx={{ mb: 2 }} data-testid="lineitem-held">{translate('app.lineitems.held', { count: held })}</Alert>}
      <LineItemChange item={item} />
    </>
  );
}

function LineItemChange({ item }: { item: ReviewedLineItem }) {
  const translate = useTranslate();
  const changes = changeRows(item.changes) ?? [];
  // Money is stored in cents; creatives are counted.
  const show = (field: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return '–';
    if (fields[field]?.type === 'money' && typeof value === 'number') return formatEur(value);
    return Array.isArray(value) ? String(value.length) : String(value);
  };
  if (changes.length) {
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="lineitem-pending">
        <AlertTitle>{translate('app.lineitems.pending')}</AlertTitle>
        {changes.map((change) => (
          <Box key={change.field}>{translate(`resources.lineitem.fields.${change.field}`)}: {show(change.field, change.old)} → <strong>{show(change.field, change.new)}</strong></Box>
        ))}
      </Alert>
    );
  }
  const rejected = reviewRows(item.reviews).find((row) => row.channel === item.channel && row.status === 'rejected');
  if (!rejected) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="lineitem-rejected">
      {translate('app.lineitems.rejected', { channel: rejected.channel, reason: rejected.reason ?? '' })}
    </Alert>
  );
}
