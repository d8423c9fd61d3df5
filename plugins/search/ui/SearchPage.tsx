/**
 * /search/:term (SPEC section 2 "Search"): a search box, the number of results and the server's time, pages,
 * and one table per entity type with copy-ID, edit link and, for campaigns, the statistics link.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert, Box, Button, Card, CardContent, IconButton, InputAdornment, LinearProgress, Pagination, Stack, Table, TableBody,
  TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { resourceByName } from '@adsuite/config';
import { CopyButton, pathTo, useCan, useMayOpen } from '@adsuite/admin/kit';
import { pageCount, search, SEARCH_PAGE_SIZE } from './searchApi.ts';

type Item = Record<string, unknown>;

function ResultTable({ entity, count, items }: { entity: string; count: number; items: Item[] }) {
  const translate = useTranslate();
  const can = useCan();
  const mayOpen = useMayOpen();
  const def = resourceByName[entity];
  const editable = can('update', entity) && mayOpen(def.routes.edit);
  // Expert Analytics for those who may open it (systemoperator), else the Instant Report (not for viewers).
  const statistics = entity !== 'campaign' ? null : mayOpen('/campaign/:id') ? '/campaign/' : mayOpen('/campaign/stats/:id') ? '/campaign/stats/' : null;
  return (
    <Card data-entity={entity}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(`resources.${entity}.name`, { smart_count: 2 })} ({count})
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate(`resources.${entity}.fields.${def.titleField}`)}</TableCell>
              <TableCell>{translate('app.search.id')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => {
              const id = String(item.id);
              return (
                <TableRow key={id}>
                  <TableCell>{String(item[def.titleField] ?? '')}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, whiteSpace: 'nowrap' }}>
                    {id} <CopyButton text={id} label="app.action.copy_id" compact />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {editable && <Button size="small" component={Link} to={pathTo(entity, 'edit', id)}>{translate('ra.action.edit')}</Button>}
                    {statistics && <Button size="small" component={Link} to={`${statistics}${encodeURIComponent(id)}`}>{translate('app.search.statistics')}</Button>}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

export function SearchPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const term = useParams().term ?? '';
  const [typed, setTyped] = useState(term);
  const [page, setPage] = useState(1);
  const [shownTerm, setShownTerm] = useState(term);
  // A new term (typed here or in the top bar) starts at its first page.
  if (shownTerm !== term) {
    setShownTerm(term);
    setTyped(term);
    setPage(1);
  }
  const { data, error, isFetching } = useQuery({
    queryKey: ['search', term, page],
    queryFn: ({ signal }) => search(term, { offset: (page - 1) * SEARCH_PAGE_SIZE, signal }),
    enabled: term.trim().length > 0,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) navigate(`/search/${encodeURIComponent(typed.trim())}`);
  };
  const groups = Object.entries(data?.results ?? {});
  const title = translate('app.search.title');

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={title} />
      <Card>
        <CardContent>
          <Box component="form" onSubmit={submit} role="search">
            <TextField
              name="search"
              fullWidth
              value={typed}
              placeholder={translate('app.search.placeholder')}
              onChange={(event) => setTyped(event.target.value)}
              slotProps={{ input: { endAdornment: <InputAdornment position="end"><IconButton type="submit" aria-label={title}><SearchIcon /></IconButton></InputAdornment> } }}
            />
          </Box>
          {data && (
            <Typography sx={{ mt: 1 }} color="text.secondary" data-testid="search-stats">
              {translate('app.search.results', { smart_count: data.stats.qty })} {translate('app.search.duration', { ms: data.stats.ms })}
            </Typography>
          )}
        </CardContent>
        {isFetching && <LinearProgress />}
      </Card>
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {data && groups.length === 0 && <Alert severity="info">{translate('app.search.empty')}</Alert>}
      {groups.map(([entity, group]) => resourceByName[entity] && <ResultTable key={entity} entity={entity} count={group.count} items={group.items} />)}
      {data && pageCount(data) > 1 && (
        <Pagination count={pageCount(data)} page={page} onChange={(_event, next) => setPage(next)} sx={{ alignSelf: 'center' }} />
      )}
    </Stack>
  );
}
