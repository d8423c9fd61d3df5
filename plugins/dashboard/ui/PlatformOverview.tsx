/**
 * The dashboard of staff who have chosen no advertiser (the systemoperator's start): the platform at a glance
 * instead of a bare greeting. Counters of what needs staff (bookings waiting for approval, creatives to review,
 * failed sync jobs) and of what runs, each linking to its list, and the active campaigns, most clicks first.
 * Each part shows only to a role that may read it and open where it links; the figures are the generic API's
 * counts (Content-Range) and the campaigns' counters, so no figure of one advertiser is read for another.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Card, CardContent, CardHeader, Grid, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { API, apiFetch, useCan, useMayOpen } from '@adsuite/admin/kit';
import { useFormat, useText } from './useText.ts';

interface Counter {
  key: string;
  /** The resource counted (the reader must be allowed to read it) and the list filter. */
  resource: string;
  filter: Record<string, string>;
  to: string;
}

const COUNTERS: Counter[] = [
  { key: 'waiting', resource: 'booking', filter: { status: 'waiting for approval' }, to: '/approvals' },
  { key: 'ready', resource: 'booking', filter: { status: 'pending' }, to: '/bookings' },
  { key: 'failed_jobs', resource: 'sync-queue', filter: { status: 'failed' }, to: '/syncqueue' },
  { key: 'active_campaigns', resource: 'campaign', filter: { status: 'active' }, to: '/campaigns' },
  { key: 'advertisers', resource: 'advertiser', filter: {}, to: '/advertisers' },
];
const TOP = 10;
/** Columns a phone leaves out. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** Active campaigns read to find the top ones: the API sorts campaigns that have no click yet (null) first. */
const READ = 100;

const listUrl = (resource: string, filter: Record<string, string>, range: [number, number], sort?: [string, string]) => {
  const query = new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify(range) });
  if (sort) query.set('sort', JSON.stringify(sort));
  return `${API}/${resource}?${query}`;
};

/** The total a list answers in its Content-Range header (`booking 0-0/12`). */
async function countOf(resource: string, filter: Record<string, string>): Promise<number> {
  const { headers } = await apiFetch(listUrl(resource, filter, [0, 0]));
  return Number(/\/(\d+)$/.exec(headers.get('Content-Range') ?? '')?.[1] ?? 0);
}

interface CampaignRow {
  id: string;
  name: string;
  advertiser: { id: string; name: string } | string | null;
  impressions: number | null;
  clicks: number | null;
  cost: number | null;
}

async function topCampaigns(): Promise<CampaignRow[]> {
  const url = `${listUrl('campaign', { status: 'active' }, [0, READ - 1], ['clicks', 'DESC'])}&populate=advertiser`;
  const rows = (await apiFetch(url)).json as CampaignRow[];
  return rows.sort((a, b) => (b.clicks ?? 0) - (a.clicks ?? 0) || (b.impressions ?? 0) - (a.impressions ?? 0)).slice(0, TOP);
}

function CounterCard({ counter, count }: { counter: Counter; count: number | undefined }) {
  const text = useText();
  const format = useFormat();
  const mayOpen = useMayOpen();
  const linked = mayOpen(counter.to);
  return (
    <Grid size={{ xs: 6, sm: 4, lg: 2 }}>
      <Card variant="outlined" sx={{ height: '100%' }} data-testid={`overview-${counter.key}`}>
        <Box component={linked ? Link : 'div'} to={linked ? counter.to : undefined} sx={{ display: 'block', p: 2, color: 'inherit', textDecoration: 'none', height: '100%' }}>
          <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} data-cell="count">
            {count === undefined ? <Skeleton width={48} /> : format.count(count)}
          </Typography>
          <Typography variant="body2" color="text.secondary">{text(`overview.${counter.key}`)}</Typography>
        </Box>
      </Card>
    </Grid>
  );
}

export function PlatformOverview() {
  const text = useText();
  const format = useFormat();
  const can = useCan();
  const mayOpen = useMayOpen();
  const counters = COUNTERS.filter((counter) => can('read', counter.resource));
  const reviews = mayOpen('/approvals');
  const counts = useQuery({
    queryKey: ['dashboard', 'platform', 'counts', counters.map((counter) => counter.key)],
    queryFn: async () => Object.fromEntries(await Promise.all(counters.map(async (counter) => [counter.key, await countOf(counter.resource, counter.filter)] as const))),
  });
  const toReview = useQuery({
    queryKey: ['dashboard', 'platform', 'reviews'],
    queryFn: async () => Object.values((await apiFetch(`${API}/approval/count`)).json as Record<string, number>).reduce((sum, value) => sum + value, 0),
    enabled: reviews,
  });
  const campaigns = useQuery({ queryKey: ['dashboard', 'platform', 'campaigns'], queryFn: topCampaigns, enabled: can('read', 'campaign') });
  const shown: [Counter, number | undefined][] = counters.map((counter) => [counter, counts.data?.[counter.key]]);
  if (reviews) shown.splice(1, 0, [{ key: 'reviews', resource: 'approval', filter: {}, to: '/approvals' }, toReview.data]);
  const statsLink = (id: string) => (mayOpen(`/campaign/stats/${id}`) ? `/campaign/stats/${id}` : null);

  return (
    <Card data-testid="platform-overview">
      <CardHeader title={text('overview.title')} subheader={text('overview.intro')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {(counts.isError || campaigns.isError) && <Alert severity="error" sx={{ mb: 2 }}>{text('overview.failed')}</Alert>}
        <Grid container spacing={2}>
          {shown.map(([counter, count]) => <CounterCard key={counter.key} counter={counter} count={count} />)}
        </Grid>
        {can('read', 'campaign') && (
          <Box sx={{ mt: 3 }} data-testid="overview-campaigns">
            <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>{text('overview.top_campaigns')}</Typography>
            {campaigns.data?.length === 0 ? <Typography color="text.secondary">{text('overview.none')}</Typography> : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{text('overview.campaign')}</TableCell>
                      <TableCell>{text('overview.advertiser')}</TableCell>
                      <TableCell align="right" sx={wide}>{text('figures.impressions')}</TableCell>
                      <TableCell align="right">{text('figures.clicks')}</TableCell>
                      <TableCell align="right" sx={wide}>{text('figures.cost')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {(campaigns.data ?? []).map((row) => {
                      const to = statsLink(row.id);
                      return (
                        <TableRow key={row.id} data-campaign={row.id}>
                          <TableCell>{to ? <Box component={Link} to={to} sx={{ color: 'primary.main' }}>{row.name}</Box> : row.name}</TableCell>
                          <TableCell>{typeof row.advertiser === 'object' && row.advertiser ? row.advertiser.name : ''}</TableCell>
                          <TableCell align="right" sx={wide}>{format.count(row.impressions ?? 0)}</TableCell>
                          <TableCell align="right" data-cell="clicks">{format.count(row.clicks ?? 0)}</TableCell>
                          <TableCell align="right" sx={{ ...wide, whiteSpace: 'nowrap' }}>{format.money(row.cost ?? 0)}</TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </Box>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
