/**
 * Top booking templates, bookings and websites by clicks (SPEC section 2 "Dashboard"): the best five of each,
 * with a toggle to the full overview (every row with impressions, conversions, cost and the invalid share, 10 rows a page) whenever
 * there is a row. A template's or booking's row opens its detail card.
 */
import { Fragment, useState } from 'react';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Button, Card, CardContent, CardHeader, Chip, Collapse, Grid, IconButton, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography,
} from '@mui/material';
import type { Analytics, Figures, Selection } from './dashboardApi.ts';
import { DetailCard } from './DetailCard.tsx';
import { useFormat, useText } from './useText.ts';

const TOP = 5;
const PAGE = 10;
type Kind = 'bookingtemplate' | 'booking' | 'website';

interface Row extends Figures {
  key: string;
  name: string;
  app?: boolean;
}

/** Columns besides name and clicks that a phone leaves out. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

function FigureRow({ row, kind, selection, full }: { row: Row; kind: Kind; selection: Selection; full: boolean }) {
  const text = useText();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const expandable = kind !== 'website';
  const toggle = () => {
    setOpen(!open);
    setOpened(true);
  };
  const columns = full ? 7 : 3;
  return (
    <Fragment>
      <TableRow hover={expandable} onClick={expandable ? toggle : undefined} sx={{ cursor: expandable ? 'pointer' : undefined, '& > td': { borderBottom: open ? 'none' : undefined } }}
        data-testid={`top-row-${kind}`} data-key={row.key}>
        <TableCell sx={{ maxWidth: { xs: 180, md: 200 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={row.name}>
          {expandable && (
            <IconButton size="small" aria-label={text('top.details')} aria-expanded={open} sx={{ mr: 0.5, transform: open ? 'rotate(180deg)' : 'none', transition: 'transform .2s' }}>
              <ExpandMoreIcon fontSize="small" />
            </IconButton>
          )}
          <span data-cell="name">{row.name}</span>
          {row.app && <Chip size="small" label={text('top.app')} sx={{ ml: 1 }} />}
        </TableCell>
        {full && <TableCell align="right" sx={wide} data-cell="impressions">{format.count(row.impressions)}</TableCell>}
        <TableCell align="right" data-cell="clicks">{format.count(row.clicks)}</TableCell>
        <TableCell align="right" sx={{ ...wide, whiteSpace: 'nowrap' }} data-cell="ctr">{format.percent(row.ctr)}</TableCell>
        {full && <TableCell align="right" sx={wide} data-cell="conversions">{format.count(row.conversions)}</TableCell>}
        {full && <TableCell align="right" sx={wide} data-cell="cost">{format.money(row.cost)}</TableCell>}
        {full && <TableCell align="right" sx={{ ...wide, whiteSpace: 'nowrap' }} data-cell="invalidShare">{format.percent(row.invalidShare)}</TableCell>}
      </TableRow>
      {expandable && (
        <TableRow>
          <TableCell colSpan={columns} sx={{ p: 0, borderBottom: open ? undefined : 'none' }}>
            <Collapse in={open} unmountOnExit={false}>
              {opened && <DetailCard kind={kind} id={row.key} range={selection.range} templateColours={kind === 'bookingtemplate'} />}
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}

function TopList({ title, kind, rows, selection, note }: { title: string; kind: Kind; rows: Row[]; selection: Selection; note?: string }) {
  const text = useText();
  const [full, setFull] = useState(false);
  const [page, setPage] = useState(0);
  const shown = full ? rows.slice(page * PAGE, page * PAGE + PAGE) : rows.slice(0, TOP);
  return (
    <Grid size={{ xs: 12, md: full ? 12 : 4 }}>
      <Card variant="outlined" sx={{ height: '100%' }} data-testid={`top-${kind}`}>
        <CardHeader title={title} slotProps={{ title: { variant: 'subtitle1', fontWeight: 600 } }} sx={{ pb: 0 }}
          action={rows.length > 0 && (
            <Button size="small" onClick={() => { setFull(!full); setPage(0); }} data-action="toggle-full">
              {full ? text('top.show_top') : text('top.show_all', { count: rows.length })}
            </Button>
          )} />
        <CardContent sx={{ px: 0, '&:last-child': { pb: 1 } }}>
          {rows.length === 0 ? (
            <Typography color="text.secondary" sx={{ px: 2 }}>{text('top.empty')}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{text(kind === 'website' ? 'figures.website' : 'figures.name')}</TableCell>
                  {full && <TableCell align="right" sx={wide}>{text('figures.impressions')}</TableCell>}
                  <TableCell align="right">{text('figures.clicks')}</TableCell>
                  <TableCell align="right" sx={wide}>{text('figures.ctr')}</TableCell>
                  {full && <TableCell align="right" sx={wide}>{text('figures.conversions')}</TableCell>}
                  {full && <TableCell align="right" sx={wide}>{text('figures.cost')}</TableCell>}
                  {full && <TableCell align="right" sx={wide} title={text('figures.invalid_share_hint')}>{text('figures.invalidShare')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((row) => <FigureRow key={row.key} row={row} kind={kind} selection={selection} full={full} />)}
              </TableBody>
            </Table>
          )}
          {full && rows.length > PAGE && (
            <TablePagination component="div" count={rows.length} page={page} onPageChange={(_, next) => setPage(next)}
              rowsPerPage={PAGE} rowsPerPageOptions={[PAGE]} labelDisplayedRows={({ from, to, count }) => `${from}–${to} ${text('top.of')} ${count}`} />
          )}
          {full && note && <Typography variant="caption" color="text.secondary" sx={{ px: 2 }}>{note}</Typography>}
        </CardContent>
      </Card>
    </Grid>
  );
}

export function TopLists({ analytics, selection }: { analytics: Analytics; selection: Selection }) {
  const text = useText();
  const { websites, websitesTotal } = analytics;
  return (
    <Grid container spacing={2}>
      <TopList title={text('top.templates')} kind="bookingtemplate" selection={selection}
        rows={analytics.templates.map((row) => ({ ...row, key: row.id }))} />
      <TopList title={text('top.bookings')} kind="booking" selection={selection}
        rows={analytics.bookings.map((row) => ({ ...row, key: row.id }))} />
      <TopList title={text('top.websites')} kind="website" selection={selection}
        rows={websites.map((row) => ({ ...row, key: row.location, name: row.location }))}
        note={websitesTotal > websites.length ? text('top.more_websites', { shown: websites.length, total: websitesTotal }) : undefined} />
    </Grid>
  );
}
