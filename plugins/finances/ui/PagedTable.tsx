/** A small server-paged table of the finance screens: columns, a progress bar while loading, an empty state, paging 10/20/50/100. */
import { useState, type ReactNode } from 'react';
import { Alert, Box, LinearProgress, Table, TableBody, TableCell, TableHead, TablePagination, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@adsuite/config';
import type { Page } from './financesApi.ts';

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** Long texts wrap; everything else (dates, numbers, amounts) stays on one line. */
  wrap?: boolean;
}

export interface Paging {
  page: number;
  perPage: number;
  onPage: (page: number, perPage: number) => void;
}

/** Page 1 of 10 rows to begin with. */
export function usePaging(): Paging {
  const [{ page, perPage }, setPaging] = useState({ page: 1, perPage: DEFAULT_PAGE_SIZE });
  return { page, perPage, onPage: (next, size) => setPaging({ page: next, perPage: size }) };
}

interface Props<T extends { id: string }> {
  columns: Column<T>[];
  /** The query of the shown page. */
  query: { data?: Page<T>; error?: Error | null; isFetching: boolean };
  paging: Paging;
  empty: string;
  testId?: string;
}

export function PagedTable<T extends { id: string }>({ columns, query, paging: { page, perPage, onPage }, empty, testId }: Props<T>) {
  const translate = useTranslate();
  const { error } = query;
  const rows = query.data?.rows;
  const total = query.data?.total ?? 0;
  return (
    <Box data-testid={testId}>
      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress />}</Box>
      {error && <Alert severity="error" sx={{ m: 2 }}>{error.message}</Alert>}
      {rows && rows.length === 0 && !error && <Alert severity="info" sx={{ m: 2 }}>{empty}</Alert>}
      {rows && rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {columns.map((column) => <TableCell key={column.key} align={column.align}>{column.label}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} hover>
                  {columns.map((column) => <TableCell key={column.key} align={column.align} sx={{ whiteSpace: column.wrap ? undefined : 'nowrap' }}>{column.render(row)}</TableCell>)}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {total > PAGE_SIZES[0] && (
        <TablePagination
          component="div"
          count={total}
          page={page - 1}
          rowsPerPage={perPage}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_event, next) => onPage(next + 1, perPage)}
          onRowsPerPageChange={(event) => onPage(1, Number(event.target.value))}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        />
      )}
    </Box>
  );
}
