/** /lineitems: line items with their state (SPEC section 4) and bid options (section 3); a row opens /lineitem/update/{id}. */
import { Datagrid, FunctionField, ReferenceField, TextField, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { Typography } from '@mui/material';
import { resourceByName } from '@adsuite/config';
import { pathTo, ShowArchivedToggle, useAbilityState, useCan, useMayOpen, useValueLabel } from '@adsuite/admin/kit';
import { formatEuro } from '../list/money.ts';
import { PagedList, searchFilters } from '../list/PagedList.tsx';
import { bidIsPercent, channelName, type LineItemRow } from './lineItemRules.ts';
import { LineItemState } from './LineItemState.tsx';

const bid = (bidType: unknown, value: unknown) => (value == null ? '' : bidIsPercent(bidType) ? `${Number(value).toLocaleString('de-DE')} %` : formatEuro(value));

function NoLineItems() {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }} color="text.secondary">{translate('app.list.empty')}</Typography>;
}

export function LineItemList() {
  const { ready, user } = useAbilityState();
  const can = useCan();
  const mayOpen = useMayOpen();
  const valueLabel = useValueLabel('lineitem');
  if (!ready || !user) return null;
  const sysop = user.role === 'systemoperator';
  const opens = mayOpen(resourceByName.lineitem.routes.edit);
  const filters = searchFilters(can('read', 'campaign') ? { source: 'campaign', reference: 'campaign', label: 'resources.lineitem.fields.campaign' } : undefined);
  return (
    <PagedList resource="lineitem" title="app.lineitems.title" filters={filters} actions={<TopToolbar>{sysop && <ShowArchivedToggle />}</TopToolbar>}>
      <Datagrid
        rowClick={(id, _resource, record) => (opens && can('update', 'lineitem', record) ? pathTo('lineitem', 'edit', id) : false)}
        bulkActionButtons={false}
        empty={<NoLineItems />}
      >
        <TextField source="name" label="resources.lineitem.fields.name" sx={{ fontWeight: 500 }} />
        <ReferenceField source="campaign" reference="campaign" label="resources.lineitem.fields.campaign" link={false} />
        <FunctionField source="channel" label="resources.lineitem.fields.channel" render={(record: RaRecord) => channelName.get(record.channel) ?? record.channel} />
        <FunctionField source="active" label="resources.lineitem.fields.active" render={(record: RaRecord) => <LineItemState item={record as LineItemRow} />} />
        <FunctionField source="bidType" label="resources.lineitem.fields.bidType" render={(record: RaRecord) => record.bidType ?? ''} />
        <FunctionField source="bidPrice" label="resources.lineitem.fields.bidPrice" render={(record: RaRecord) => bid(record.bidType, record.bidPrice)} sx={{ whiteSpace: 'nowrap' }} />
        <FunctionField source="currentBid" sortable={false} label="resources.lineitem.fields.currentBid" render={(record: RaRecord) => bid(record.bidType, record.currentBid)} sx={{ whiteSpace: 'nowrap' }} />
        <FunctionField source="dailyBudget" label="resources.lineitem.fields.dailyBudget" render={(record: RaRecord) => formatEuro(record.dailyBudget)} sx={{ whiteSpace: 'nowrap' }} />
        <FunctionField source="pacing" sortable={false} label="resources.lineitem.fields.pacing" render={(record: RaRecord) => (record.pacing ? valueLabel('pacing', record.pacing) : '')} />
      </Datagrid>
    </PagedList>
  );
}
