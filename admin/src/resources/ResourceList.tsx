/**
 * The list screen of any declared resource: the columns the user's role sees, full-text search, the declared
 * filters, sorting on whitelisted columns, paging 10/20/50/100 and, where ability and route table allow,
 * create, edit, delete and recover (SPEC section 2 "Generic entity list", section 6 "Other rules").
 */
import { useState, type ReactElement } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { IconButton, Stack, Tooltip, Typography, useMediaQuery } from '@mui/material';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import {
  AutocompleteInput, BooleanInput, CreateButton, Datagrid, FilterButton, FunctionField, List, Pagination, ReferenceInput,
  SearchInput, SelectArrayInput, TextInput, TopToolbar, useGetResourceLabel, useListContext, useRecordContext, useTranslate, type Identifier, type RaRecord,
} from 'react-admin';
import { columnsFor, DEFAULT_PAGE_SIZE, filtersFor, isRole, PAGE_SIZES, type ResourceDef, type Role } from '@adsuite/config';
import { useAbilityState, useCan } from '../abilities/AbilityProvider.tsx';
import { atLeast, BREAKPOINTS } from '../layout/breakpoints.ts';
import { useMayOpen, useMayOpenScreen } from '../routes/useRouteAccess.ts';
import { ArchiveButton } from './ArchiveButton.tsx';
import { columnFor, periodColumn } from './columns.tsx';
import { formatDay } from './format.ts';
import { createLink, editTarget, listAddress, rowLinks } from './listLinks.ts';
import { pathTo } from './routes.ts';
import { listNoticesOf } from './listNotices.ts';
import { recordViewOf } from './recordViews.ts';
import { ShowArchivedToggle } from './ShowArchivedToggle.tsx';
import { useValueLabel } from './useValueLabel.ts';

type CanDo = ReturnType<typeof useCan>;
type ValueLabel = ReturnType<typeof useValueLabel>;

function filterInputs(resource: ResourceDef, role: Role, can: CanDo, valueLabel: ValueLabel): ReactElement[] {
  const search = <SearchInput key="q" source="q" alwaysOn />;
  return [search, ...filtersFor(resource, role).flatMap((source) => {
    const field = resource.fields[source];
    if (!field) return [];
    const label = `resources.${resource.name}.fields.${source}`;
    switch (field.type) {
      case 'enum': {
        const choices = field.options?.map((id) => ({ id, name: valueLabel(source, id) })) ?? [];
        return [<SelectArrayInput key={source} source={source} label={label} choices={choices} translateChoice={false} sx={{ minWidth: 200 }} />];
      }
      case 'boolean':
        return [<BooleanInput key={source} source={source} label={label} />];
      case 'ref':
        if (field.ref && can('read', field.ref)) {
          return [
            <ReferenceInput key={source} source={source} reference={field.ref}>
              <AutocompleteInput label={label} sx={{ minWidth: 240 }} />
            </ReferenceInput>,
          ];
        }
        return [<TextInput key={source} source={source} label={label} />];
      default:
        return [<TextInput key={source} source={source} label={label} />];
    }
  })];
}

function ListActions({ resource }: { resource: ResourceDef }) {
  const can = useCan();
  const mayOpen = useMayOpen();
  const { user } = useAbilityState();
  const { filterValues } = useListContext();
  const create = createLink(resource, filterValues ?? {});
  const role = user && isRole(user.role) ? user.role : null;
  const creates = role !== null && !resource.list.createHiddenFor?.includes(role) && can('create', resource.name)
    && mayOpen(create.route);
  return (
    <TopToolbar>
      {role === 'systemoperator' && resource.archivable && can('recover', resource.name) && <ShowArchivedToggle />}
      <FilterButton />
      {creates && <CreateButton to={create.to} />}
    </TopToolbar>
  );
}

/**
 * A list wider than the window scrolls inside its card (the layout keeps the window's width); the row's
 * delete/recover button stays at the card's right edge meanwhile.
 */
const SCROLLS_IN_CARD = {
  '& .RaList-main': { minWidth: 0 },
  '& .RaList-content': { overflowX: 'auto' },
  '& .row-actions': { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper', px: 0.5, width: '1%' },
};

/** The delete or recover button of a row (Datagrid reads `cellClassName`, `headerClassName` and `label` from it). */
function RowActions({ resource }: { resource: ResourceDef; cellClassName?: string; headerClassName?: string; label?: string }) {
  const record = useRecordContext();
  const { user } = useAbilityState();
  const mayOpen = useMayOpen();
  const translate = useTranslate();
  const links = record && user && isRole(user.role) ? rowLinks(resource, user.role, record, mayOpen) : [];
  return (
    <Stack direction="row" spacing={0.5} alignItems="center" justifyContent="flex-end">
      {/* An icon with its name as tooltip: a list's columns keep their room on a 1280 px screen. */}
      {links.map((link) => (
        <Tooltip key={link.to} title={translate(link.label)}>
          <IconButton size="small" color="primary" component={Link} to={link.to} onClick={(event) => event.stopPropagation()} data-row-link={link.to} aria-label={translate(link.label)}>
            <QueryStatsIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ))}
      <ArchiveButton resource={resource} compact />
    </Stack>
  );
}

function NoItems() {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }}>{translate('app.list.empty')}</Typography>;
}

export function ResourceList({ resource }: { resource: ResourceDef }) {
  const { ready, user } = useAbilityState();
  const can = useCan();
  const mayOpenScreen = useMayOpenScreen();
  const valueLabel = useValueLabel(resource.name);
  const title = useGetResourceLabel()(resource.name, 2);
  const { pathname, search } = useLocation();
  // Below 1200 px the creation date gives its room to the declared columns.
  const desktop = useMediaQuery(atLeast(BREAKPOINTS.desktop));
  const [viewing, setViewing] = useState<RaRecord | null>(null);
  if (!ready || !user || !isRole(user.role)) return null;
  // SPEC's list addresses (`?search=`, `?campaign=`, ...) become react-admin's filter, which the filter bar shows.
  const address = listAddress(resource, user.role, search);
  if (address !== undefined) return <Navigate replace to={{ pathname, search: address }} />;

  const sortable = new Set([...resource.list.sort, 'created']);
  const [field, order] = resource.list.defaultSort ?? ['created', 'DESC'];
  const canRead = (name: string) => can('read', name);
  const canUpdate = (name: string) => can('update', name) && mayOpenScreen(name, 'edit');
  const View = recordViewOf(resource.name);
  const openRecord = (_id: Identifier, _resource: string, record: RaRecord) => {
    const target = editTarget(resource, record);
    const allowed = target.resource === resource.name ? can('update', resource.name, record) : can('update', target.resource);
    if (allowed && mayOpenScreen(target.resource, 'edit')) return pathTo(target.resource, 'edit', target.id);
    // A record nobody edits here (a mail of the outbox) opens in its own view, where the resource has one.
    if (View) setViewing(record);
    return false;
  };
  const columns = columnsFor(resource, user.role).flatMap((source) => {
    const period = resource.list.periods?.[source];
    if (period) return [periodColumn(source, period, `resources.${resource.name}.fields.${source}`)];
    const declared = resource.fields[source];
    return declared ? [columnFor(source, declared, { sortable: sortable.has(source), canRead, canUpdate, valueLabel })] : [];
  });

  const notices = listNoticesOf(resource.name);
  return (
    <>
      {notices.map((Notice, index) => <Notice key={index} />)}
      <List
        title={title}
        perPage={DEFAULT_PAGE_SIZE}
        sort={{ field, order }}
        filterDefaultValues={resource.list.initialFilter}
        filters={filterInputs(resource, user.role, can, valueLabel)}
        actions={<ListActions resource={resource} />}
        pagination={<Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
        storeKey={false}
        empty={false}
        sx={SCROLLS_IN_CARD}
      >
        <Datagrid rowClick={openRecord} bulkActionButtons={false} empty={<NoItems />}>
          {columns}
          {desktop && (
            <FunctionField
              source="created"
              label="app.list.created"
              sortable={sortable.has('created')}
              render={(record: RaRecord) => formatDay(record.created)}
              sx={{ whiteSpace: 'nowrap' }}
            />
          )}
          <RowActions resource={resource} label="" cellClassName="row-actions" headerClassName="row-actions" />
        </Datagrid>
      </List>
      {View && viewing && <View record={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
