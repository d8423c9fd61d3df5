/**
 * Creative approval (/approvals; administrator and systemoperator; SPEC sections 2, 4, 5, 8 and 9): choose the
 * type (creatives or line items, each with how many wait), filter by advertiser, campaign and booking, 10 a page.
 * Saved items stay on the page marked Saved until the page changes.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, LinearProgress, Pagination, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { APPROVAL_PAGE_SIZE, APPROVAL_TYPES, type ApprovalType } from '@adsuite/config/approvals';
import { type ApprovalFilter, type ApprovalItem, fetchCounts, fetchItems } from './approvalApi.ts';
import { ApprovalCard } from './ApprovalCard.tsx';
import { RecordPicker } from './RecordPicker.tsx';
import { useText } from './useText.ts';

type Named = { id: string; name: string } | null;

export function CreativeApproval() {
  const text = useText();
  const translate = useTranslate();
  const [type, setType] = useState<ApprovalType>('banner');
  const [page, setPage] = useState(1);
  const [advertiser, setAdvertiser] = useState<Named>(null);
  const [campaign, setCampaign] = useState<Named>(null);
  const [booking, setBooking] = useState<Named>(null);
  const filter: ApprovalFilter = { advertiser: advertiser?.id, campaign: campaign?.id, booking: booking?.id };
  const [items, setItems] = useState<ApprovalItem[]>([]);

  const counts = useQuery({ queryKey: ['approval-count', filter], queryFn: () => fetchCounts(filter) });
  const list = useQuery({ queryKey: ['approval-items', type, page, filter], queryFn: () => fetchItems(type, page, filter) });
  useEffect(() => setItems(list.data?.items ?? []), [list.data]);
  useEffect(() => setPage(1), [type, advertiser?.id, campaign?.id, booking?.id]);

  const onSaved = (saved: ApprovalItem) => {
    setItems((now) => now.map((item) => (item.id === saved.id ? saved : item)));
    void counts.refetch();
  };
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / APPROVAL_PAGE_SIZE));
  const narrow = (values: Record<string, string | undefined>) => Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => !!e[1]));

  return (
    <Stack spacing={2} sx={{ py: 2, minWidth: 0 }}>
      <Title title={translate('app.approvals.title')} />
      <Typography color="text.secondary">{text('how')}</Typography>
      <ToggleButtonGroup exclusive value={type} onChange={(_, value) => value && setType(value)} size="small" color="primary" sx={{ flexWrap: 'wrap' }}>
        {APPROVAL_TYPES.map((key) => (
          <ToggleButton key={key} value={key} name={`type-${key}`} sx={{ pr: 3 }}>
            <Badge badgeContent={counts.data?.[key] ?? 0} color="warning" max={9999} showZero data-testid={`count-${key}`} sx={{ '& .MuiBadge-badge': { right: -14 } }}>
              {text(`types.${key}`)}
            </Badge>
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack direction="row" flexWrap="wrap" gap={2}>
        <RecordPicker resource="advertiser" label={text('filters.advertiser')} value={advertiser} onChange={setAdvertiser} />
        <RecordPicker resource="campaign" label={text('filters.campaign')} value={campaign} onChange={setCampaign} filter={narrow({ advertiser: advertiser?.id })} />
        <RecordPicker resource="booking" label={text('filters.booking')} value={booking} onChange={setBooking} filter={narrow({ advertiser: advertiser?.id, campaign: campaign?.id })} />
      </Stack>
      {counts.isError && <Alert severity="error">{text('count_error')}</Alert>}
      {list.isError && <Alert severity="error">{text('items_error')}</Alert>}
      {list.isFetching && <LinearProgress />}
      {list.isSuccess && !items.length && <Alert severity="info" data-testid="empty">{text('empty')}</Alert>}
      {items.map((item) => <ApprovalCard key={item.id} item={item} onSaved={onSaved} />)}
      {pages > 1 && (
        <Stack alignItems="center" spacing={1}>
          <Pagination count={pages} page={page} onChange={(_, value) => setPage(value)} color="primary" />
          <Typography variant="caption" color="text.secondary">{text('page_of', { page, pages })}</Typography>
        </Stack>
      )}
    </Stack>
  );
}
