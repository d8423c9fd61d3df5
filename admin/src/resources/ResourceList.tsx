/**
 * The list screen of any declared resource: the declared columns, full-text search, the declared filters,
 * sorting on whitelisted columns, paging 10/20/50/100 and, where the ability allows, create, delete and recover.
 */
import type { ReactElement } from 'react';
import { Typography } from '@mui/material';
import {
  AutocompleteInput, BooleanInput, CreateButton, Datagrid, FilterButton, FunctionField, List, Pagination, ReferenceInput,
  SearchInput, SelectInput, TextInput, TopToolbar, useGetResourceLabel, useTranslate, type Identifier, type RaRecord,
} from 'react-admin';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ResourceDef } from '@adsuite/config';
import { Can, useAbilityState, useCan } from '../abilities/AbilityProvider.tsx';
import { Forbidden } from '../layout/Forbidden.tsx';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { ArchiveButton } from './ArchiveButton.tsx';
import { columnFor } from './columns.tsx';
import { formatDay } from './format.ts';
import { pathTo } from './routes.ts';
import { ShowArchivedToggle } from './ShowArchivedToggle.tsx';

type CanDo = ReturnType<typeof useCan>;

function filterInputs(resource: ResourceDef, can: CanDo): ReactElement[] {
  const search = <SearchInput key="q" source="q" alwaysOn />;
  return [search, ...resource.list.filters.flatMap((source) => {
    const field = resource.fields[source];
    if (!field) return [];
    const label = `resources.${resource.name}.fields.${source}`;
    switch (field.type) {
      case 'enum':
        return [<SelectInput key={source} source={source} label={label} choices={field.options?.map((id) => ({ id, name: id })) ?? []} translateChoice={false} />];
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
  const { user } = useAbilityState();
  return (
    <TopToolbar>
      {user?.role === 'systemoperator' && resource.archivable && can('recover', resource.name) && <ShowArchivedToggle />}
      <FilterButton />
      <Can I="create" a={resource.name}>
        <CreateButton to={pathTo(resource, 'create')} />
      </Can>
    </TopToolbar>
  );
}

function NoItems() {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }}>{translate('app.list.empty')}</Typography>;
}

export function ResourceList({ resource }: { resource: ResourceDef }) {
  const { ready } = useAbilityState();
  const can = useCan();
  const title = useGetResourceLabel()(resource.name, 2);
  usePageTitle(title);
  if (!ready) return null;
  if (!can('read', resource.name)) return <Forbidden />;

  const sortable = new Set([...resource.list.sort, 'created']);
  const [field, order] = resource.list.defaultSort ?? ['created', 'DESC'];
  const canRead = (name: string) => can('read', name);
  const canUpdate = (name: string) => can('update', name);
  const openRecord = (id: Identifier, _resource: string, record: RaRecord) =>
    can('update', resource.name, record) ? pathTo(resource, 'edit', id) : false;

  return (
    <List
      title={title}
      perPage={DEFAULT_PAGE_SIZE}
      sort={{ field, order }}
      filters={filterInputs(resource, can)}
      actions={<ListActions resource={resource} />}
      pagination={<Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
      empty={false}
    >
      <Datagrid rowClick={openRecord} bulkActionButtons={false} empty={<NoItems />}>
        {resource.list.columns.flatMap((source) => {
          const declared = resource.fields[source];
          return declared ? [columnFor(source, declared, { sortable: sortable.has(source), canRead, canUpdate })] : [];
        })}
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
  );
}
