/**
 * /bookingtemplate: the booking templates of agencies and administrators with their preset channels and daily
 * budget range; each row shows the bookings made from it (with their CSV) and opens the template.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import EditIcon from '@mui/icons-material/Edit';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import {
  BooleanField, Button, CreateButton, Datagrid, FunctionField, ReferenceField, TextField, TopToolbar, useRecordContext, useTranslate,
  type RaRecord,
} from 'react-admin';
import { CHANNELS, columnsFor, isRole, resourceByName } from '@adsuite/config';
import { ArchiveButton, ShowArchivedToggle, pathTo, useAbilityState, useCan, useMayOpen } from '@adsuite/admin/kit';
import { formatEuro } from '../list/money.ts';
import { ADVERTISER_FILTER, PagedList, searchFilters } from '../list/PagedList.tsx';
import { TemplateBookings } from './TemplateBookings.tsx';

const channelByKey = new Map(CHANNELS.map((channel) => [channel.key, channel]));

function Channels({ record }: { record: RaRecord }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {((record.channels as string[]) ?? []).map((key) => {
        const channel = channelByKey.get(key);
        return <Chip key={key} size="small" label={channel?.shortName ?? key} sx={{ bgcolor: channel?.color, color: '#fff' }} />;
      })}
    </Stack>
  );
}

function BudgetRange({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const max = record.maxDailyBudget == null ? translate('app.booking_templates.no_max') : formatEuro(record.maxDailyBudget);
  return <span>{formatEuro(record.minDailyBudget ?? 0)} – {max}</span>;
}

function RowActions() {
  const record = useRecordContext();
  const translate = useTranslate();
  const can = useCan();
  const mayOpen = useMayOpen();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const label = translate('app.booking_templates.show_bookings');
  const edit = translate('ra.action.edit');
  return (
    <Stack direction="row" spacing={0.5} justifyContent="flex-end" alignItems="center" onClick={(event) => event.stopPropagation()}>
      <Tooltip title={label}><IconButton size="small" aria-label={label} onClick={() => setOpen(true)} data-action="template-bookings"><ListAltIcon fontSize="small" /></IconButton></Tooltip>
      {can('update', 'bookingtemplate', record) && mayOpen(resourceByName.bookingtemplate.routes.edit) && (
        <Tooltip title={edit}><IconButton size="small" component={Link} to={pathTo('bookingtemplate', 'edit', record.id)} aria-label={edit}><EditIcon fontSize="small" /></IconButton></Tooltip>
      )}
      <ArchiveButton resource={resourceByName.bookingtemplate} />
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth>
        <DialogTitle>{record.name}</DialogTitle>
        <DialogContent>{open && <TemplateBookings id={String(record.id)} name={record.name} />}</DialogContent>
        <DialogActions><Button label="ra.action.close" onClick={() => setOpen(false)} /></DialogActions>
      </Dialog>
    </Stack>
  );
}

function Actions({ sysop }: { sysop: boolean }) {
  const can = useCan();
  const mayOpen = useMayOpen();
  const create = resourceByName.bookingtemplate.routes.create;
  return (
    <TopToolbar>
      {sysop && can('recover', 'bookingtemplate') && <ShowArchivedToggle />}
      {can('create', 'bookingtemplate') && mayOpen(create) && <CreateButton to={create} />}
    </TopToolbar>
  );
}

function NoTemplates() {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }} color="text.secondary">{translate('app.list.empty')}</Typography>;
}

export function TemplateList() {
  const { ready, user } = useAbilityState();
  if (!ready || !user) return null;
  const sysop = user.role === 'systemoperator';
  // SPEC section 6 through the declaration: advertisers and agencies lose the advertiser column, accounting every linked one.
  const advertiserColumn = isRole(user.role) && columnsFor(resourceByName.bookingtemplate, user.role).includes('advertiser');
  const filters = searchFilters(sysop ? ADVERTISER_FILTER : undefined);
  return (
    <PagedList resource="bookingtemplate" title="app.booking_templates.title" filters={filters} actions={<Actions sysop={sysop} />}>
      <Datagrid rowClick={false} bulkActionButtons={false} empty={<NoTemplates />}>
        <TextField source="name" label="resources.bookingtemplate.fields.name" sx={{ fontWeight: 500 }} />
        {advertiserColumn && <ReferenceField source="advertiser" reference="advertiser" label="resources.bookingtemplate.fields.advertiser" link={false} />}
        <FunctionField source="channels" label="resources.bookingtemplate.fields.channels" sortable={false} render={(record: RaRecord) => <Channels record={record} />} />
        <FunctionField source="minDailyBudget" label="app.booking_templates.sections.budget" render={(record: RaRecord) => <BudgetRange record={record} />} sx={{ whiteSpace: 'nowrap' }} />
        <BooleanField source="active" label="resources.bookingtemplate.fields.active" />
        <FunctionField label="app.bookings.columns.actions" textAlign="right" render={() => <RowActions />} />
      </Datagrid>
    </PagedList>
  );
}
