/** The plugin's lists alike: newest first, paging 10/20/50/100 (SPEC section 9), search, and scrolling inside the card when wide. */
import type { ReactElement, ReactNode } from 'react';
import { AutocompleteInput, List, Pagination, ReferenceInput, SearchInput, type ListProps } from 'react-admin';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@adsuite/config';

const SCROLLS_IN_CARD = { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } };

interface PagedListProps extends Pick<ListProps, 'queryOptions' | 'actions'> {
  resource: string;
  title: string;
  filters: ReactElement[];
  children: ReactNode;
}

export function PagedList({ resource, title, filters, actions, queryOptions, children }: PagedListProps) {
  return (
    <List
      resource={resource}
      title={title}
      perPage={DEFAULT_PAGE_SIZE}
      sort={{ field: 'created', order: 'DESC' }}
      filters={filters}
      actions={actions}
      pagination={<Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
      queryOptions={queryOptions}
      storeKey={false}
      empty={false}
      sx={SCROLLS_IN_CARD}
    >
      {children}
    </List>
  );
}

/** The systemoperator's advertiser filter (SPEC section 6). */
export const ADVERTISER_FILTER = { source: 'advertiser', reference: 'advertiser', label: 'app.bookings.advertiser_filter' };

/** The search box, and a reference filter (the systemoperator's advertiser filter) where given. */
export function searchFilters(reference?: { source: string; reference: string; label: string }): ReactElement[] {
  const search = <SearchInput key="q" source="q" alwaysOn />;
  if (!reference) return [search];
  return [
    search,
    <ReferenceInput key={reference.source} source={reference.source} reference={reference.reference} alwaysOn>
      <AutocompleteInput label={reference.label} sx={{ minWidth: 240 }} />
    </ReferenceInput>,
  ];
}
