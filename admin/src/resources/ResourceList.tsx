/**
 * The list screen of any declared resource: the columns the user's role sees, full-text search, the declared
 * filters, sorting on whitelisted columns, paging 10/20/50/100 and, where ability and route table allow,
 * create, edit, delete and recover (SPEC section 2 "Generic entity list", section 6 "Other rules").
 */
import { useState, type ReactElement } from 'react';
import { useLocation } from 'react-router';
import { Typography } from '@mui/material';
import {
  AutocompleteInput, BooleanInput, CreateButton, Datagrid, FilterButton, FunctionField, List, Pagination, ReferenceInput,
  SearchInput, SelectArrayInput, TextInput, TopToolbar, useGetResourceLabel, useTranslate, type Identifier, type RaRecord,
} from 'react-admin';
import { columnsFor, DEFAULT_PAGE_SIZE, filtersFor, isRole, PAGE_SIZES, type ResourceDef, type Role } from '@adsuite/config';
import { useAbilityState, useCan } from '../abilities/AbilityProvider.tsx';
import { useMayOpen, useMayOpenScreen } from '../routes/useRouteAccess.ts';
import { ArchiveButton } from './ArchiveButton.tsx';
import { columnFor, periodColumn } from './columns.tsx';
import { formatDay } from './format.ts';
import { createLink, editTarget, filterFromQuery } from './listLinks.ts';
import { pathTo } from './routes.ts';
import { listNoticesOf } from './listNotices.ts';
import { ShowArchivedToggle } from './ShowArchivedToggle.tsx';
import { useValueLabel } from './useValueLabel.ts';

type CanDo = ReturnType<typeof useCan>;
type ValueLabel = ReturnType<typeof useValueLabel>;

function filterInputs(resource: ResourceDef, role: Role, can: CanDo, valueLabel: ValueLabel, fixed: Record<string, string>): ReactElement[] {
  const search = <SearchInput key="q" source="q" alwaysOn />;
  return [search, ...filtersFor(resource, role).filter((source) => !(source in fixed)).flatMap((source) => {
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

function ListActions({ resource, create }: { resource: ResourceDef; create: ReturnType<typeof createLink> }) {
  const can = useCan();
  const mayOpen = useMayOpen();
  const { user } = useAbilityState();
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

/** A list wider than the window scrolls inside its card (the layout keeps the window's width). */
const SCROLLS_IN_CARD = { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } };

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
  const location = useLocation();
  // The address is read once: react-admin rewrites it with its own list parameters afterwards.
  const [query] = useState(() => new URLSearchParams(location.search));
  const [{ search, fixed }] = useState(() => filterFromQuery(resource, query));
  if (!ready || !user || !isRole(user.role)) return null;

  const sortable = new Set([...resource.list.sort, 'created']);
  const [field, order] = resource.list.defaultSort ?? ['created', 'DESC'];
  const canRead = (name: string) => can('read', name);
  const canUpdate = (name: string) => can('update', name) && mayOpenScreen(name, 'edit');
  const openRecord = (_id: Identifier, _resource: string, record: RaRecord) => {
    const target = editTarget(resource, record);
    const allowed = target.resource === resource.name ? can('update', resource.name, record) : can('update', target.resource);
    return allowed && mayOpenScreen(target.resource, 'edit') ? pathTo(target.resource, 'edit', target.id) : false;
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
        filter={fixed}
        filterDefaultValues={{ ...resource.list.initialFilter, ...search }}
        filters={filterInputs(resource, user.role, can, valueLabel, fixed)}
        actions={<ListActions resource={resource} create={createLink(resource, query)} />}
        pagination={<Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
        storeKey={false}
        empty={false}
        sx={SCROLLS_IN_CARD}
      >
        <Datagrid rowClick={openRecord} bulkActionButtons={false} empty={<NoItems />}>
          {columns}
          <FunctionField
            source="created"
            label="app.list.created"
            sortable={sortable.has('created')}
            render={(record: RaRecord) => formatDay(record.created)}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <ArchiveButton resource={resource} />
        </Datagrid>
      </List>
    </>
  );
}
