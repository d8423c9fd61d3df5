/**
 * A table of figures: one label column (or more), then impressions, clicks, CTR, conversions, CR, cost (a
 * publisher's earnings, figureNames.ts) and the invalid share (invalid events of every event: never billed, in none
 * of the other figures), with the totals in the footer and paging (SPEC section 9: 10 rows by
 * default, 10/20/50/100). Each row and cell carries `data-row` / `data-col` so tests read the numbers as shown.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TablePagination, TableRow } from '@mui/material';
import { conversionsOf, crOf, ctrOf, invalidShareOf, total, type Figures } from './reportApi.ts';
import { useFigureName } from './figureNames.ts';
import { useFormat, useReportText } from './useReportText.ts';

export interface LabelColumn<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** The footer's cell of this column (the first shows 'Total' by default). */
  footer?: ReactNode;
}

const FIGURES = ['impressions', 'clicks', 'ctr', 'conversions', 'cr', 'cost', 'invalidShare'] as const;
export type FigureColumn = (typeof FIGURES)[number];

export function FigureTable<T extends Figures>({ rows, rowKey, labels, figures = FIGURES, footer = true, paged = true, actions, name }: {
  rows: T[];
  rowKey: (row: T) => string;
  labels: LabelColumn<T>[];
  figures?: readonly FigureColumn[];
  footer?: boolean;
  paged?: boolean;
  /** A last column of buttons. */
  actions?: { label: string; render: (row: T) => ReactNode };
  /** data-table of the table, for tests. */
  name: string;
}) {
  const text = useReportText();
  const figureName = useFigureName();
  const format = useFormat();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  useEffect(() => setPage(0), [rows.length]);
  const shown = paged ? rows.slice(page * perPage, page * perPage + perPage) : rows;
  const value = (figures: Figures, column: FigureColumn): string => {
    switch (column) {
      case 'impressions': return format.count(figures.impressions);
      case 'clicks': return format.count(figures.clicks);
      case 'ctr': return format.percent(ctrOf(figures));
      case 'conversions': return format.count(conversionsOf(figures));
      case 'cr': return format.percent(crOf(figures));
      case 'cost': return format.euros(figures.cost);
      case 'invalidShare': return format.percent(invalidShareOf(figures));
    }
  };
  const sums = total(rows);
  const numeric = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" data-table={name} sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              {labels.map((column) => <TableCell key={column.key} sx={{ fontWeight: 600 }}>{column.label}</TableCell>)}
              {figures.map((column) => <TableCell key={column} sx={{ ...numeric, fontWeight: 600 }}>{figureName(column)}</TableCell>)}
              {actions && <TableCell sx={{ fontWeight: 600, textAlign: 'right' }}>{actions.label}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={rowKey(row)} data-row={rowKey(row)} hover>
                {labels.map((column) => <TableCell key={column.key} data-col={column.key} sx={{ maxWidth: 320, minWidth: 110, overflowWrap: 'break-word' }}>{column.render(row)}</TableCell>)}
                {figures.map((column) => <TableCell key={column} data-col={column} sx={numeric}>{value(row, column)}</TableCell>)}
                {actions && <TableCell sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{actions.render(row)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
          {footer && rows.length > 0 && (
            <TableFooter>
              <TableRow data-row="total" sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem', borderBottom: 'none' } }}>
                {labels.map((column, index) => <TableCell key={column.key}>{column.footer ?? (index === 0 ? text('total') : '')}</TableCell>)}
                {figures.map((column) => <TableCell key={column} data-col={column} sx={numeric}>{value(sums, column)}</TableCell>)}
                {actions && <TableCell />}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      {paged && <Paging count={rows.length} page={page} perPage={perPage} onPage={setPage} onPerPage={setPerPage} />}
    </>
  );
}

/** Paging under a table (10 rows by default, 10/20/50/100); nothing for 10 rows or fewer. */
export function Paging({ count, page, perPage, onPage, onPerPage }: {
  count: number; page: number; perPage: number; onPage: (page: number) => void; onPerPage: (perPage: number) => void;
}) {
  const text = useReportText();
  if (count <= 10) return null;
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      onPageChange={(_, next) => onPage(next)}
      rowsPerPage={perPage}
      rowsPerPageOptions={[10, 20, 50, 100]}
      onRowsPerPageChange={(event) => { onPerPage(Number(event.target.value)); onPage(0); }}
      labelRowsPerPage={text('rows_per_page')}
      labelDisplayedRows={({ from, to, count: all }) => text('rows_of', { from, to, count: all })}
    />
  );
}
