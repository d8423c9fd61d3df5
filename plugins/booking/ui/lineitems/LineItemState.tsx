/** A line item's state chips: active, inactive, and 'no active banner' when all its creatives were rejected. */
import { Chip, Stack } from '@mui/material';
import { useGetManyAggregate, useTranslate } from 'react-admin';
import { useCan } from '@adsuite/admin/kit';
import { hasNoActiveBanner, showsInactive, type CreativeReviews, type LineItemRow } from './lineItemRules.ts';

export function LineItemState({ item }: { item: LineItemRow }) {
  const translate = useTranslate();
  const can = useCan();
  const ids = item.creatives ?? [];
  const { data: creatives = [] } = useGetManyAggregate<CreativeReviews & { id: string }>('banner', { ids }, { enabled: ids.length > 0 && can('read', 'banner') });
  const inactive = showsInactive(item);
  const noBanner = hasNoActiveBanner(item, creatives);
  const label = (key: string) => translate(`app.lineitems.state.${key}`);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" data-state={inactive ? 'inactive' : 'active'}>
      <Chip size="small" color={inactive ? 'default' : 'success'} variant={inactive ? 'outlined' : 'filled'} label={label(inactive ? 'inactive' : 'active')} />
      {noBanner && <Chip size="small" color="error" variant="outlined" label={label('no_active_banner')} data-state="no-active-banner" />}
    </Stack>
  );
}
