/**
 * /websites (issue 35): a publisher's websites with their figures of a range (the rollups) and their own earnings,
 * each with the website details modal and its edit screen, and the websites that send it traffic without being
 * registered, which it claims with one click. Staff read the generated list of every publisher's websites instead.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, CardContent, CardHeader, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { DayRangePicker, lastDays, ResourceScreen, session, useAbilityState, type DayRange } from '@adsuite/admin/kit';
import { claimWebsite, fetchWebsites, type WebsiteFigures, type WebsiteRow } from './api.ts';
import { WebsiteDetailsDialog } from './WebsiteDetailsDialog.tsx';
import { useFormat, useText } from './useText.ts';

function FigureCells({ figures }: { figures: WebsiteFigures }) {
  const format = useFormat();
  return (
    <>
      <TableCell align="right" data-cell="impressions">{format.count(figures.impressions)}</TableCell>
      <TableCell align="right" data-cell="clicks">{format.count(figures.clicks)}</TableCell>
      <TableCell align="right" data-cell="conversions">{format.count(figures.conversions)}</TableCell>
      <TableCell align="right" data-cell="earnings" sx={{ whiteSpace: 'nowrap' }}>{format.money(figures.earnings)}</TableCell>
    </>
  );
}

function FigureHeads() {
  const text = useText();
  return ['impressions', 'clicks', 'conversions', 'earnings'].map((key) => <TableCell key={key} align="right">{text(`figures.${key}`)}</TableCell>);
}

function PublisherWebsites({ publisher }: { publisher: string }) {
  const translate = useTranslate();
  const text = useText();
  const format = useFormat();
  const notify = useNotify();
  const client = useQueryClient();
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const [shown, setShown] = useState<WebsiteRow | null>(null);
  const data = useQuery({
    queryKey: ['publisher-area', 'websites', publisher, range.start, range.end],
    queryFn: () => fetchWebsites(publisher, range),
    placeholderData: keepPreviousData,
  });
  const claim = useMutation({
    mutationFn: (host: string) => claimWebsite(publisher, host),
    onSuccess: async (_row, host) => {
      notify(text('websites.claimed', { host }), { type: 'success' });
      await client.invalidateQueries({ queryKey: ['publisher-area'] });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const sites = data.data?.websites ?? [];
  const unclaimed = data.data?.unclaimed ?? [];
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('resources.website.name', { smart_count: 2 })} />
      <DayRangePicker range={range} onChange={setRange} />
      <Box sx={{ height: 4 }}>{data.isFetching && <LinearProgress />}</Box>
      {data.error && <Alert severity="error">{text('load_failed', { message: data.error.message })}</Alert>}
      <Card data-testid="websites">
        <CardHeader title={text('websites.intro')} slotProps={{ title: { variant: 'body1' } }}
          action={<Button component={Link} to="/website/new" startIcon={<AddIcon />}>{text('websites.create')}</Button>} />
        {data.data && sites.length === 0 && <CardContent><Alert severity="info">{text('websites.empty')}</Alert></CardContent>}
        {sites.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{text('websites.name')}</TableCell>
                  <TableCell align="right">{text('websites.visitors')}</TableCell>
                  <FigureHeads />
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {sites.map((site) => (
                  <TableRow key={site.id} data-website={site.host ?? site.id}>
                    <TableCell sx={{ wordBreak: 'break-word' }}><Typography sx={{ fontWeight: 600 }}>{site.name}</Typography><Typography variant="body2" color="text.secondary">{site.url}</Typography></TableCell>
                    <TableCell align="right">{site.details.monthlyVisitors > 0 ? format.count(site.details.monthlyVisitors) : text('website_details.na')}</TableCell>
                    <FigureCells figures={site.figures} />
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button size="small" onClick={() => setShown(site)} data-action="details">{text('websites.details')}</Button>
                      <Button size="small" component={Link} to={`/website/edit/${site.id}`}>{text('websites.edit')}</Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Card>
      {unclaimed.length > 0 && (
        <Card data-testid="unclaimed-websites">
          <CardHeader title={text('websites.unclaimed_title')} subheader={text('websites.unclaimed_intro')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead><TableRow><TableCell>{text('websites.name')}</TableCell><FigureHeads /><TableCell /></TableRow></TableHead>
              <TableBody>
                {unclaimed.map((row) => (
                  <TableRow key={row.website} data-website={row.website}>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{row.website}</TableCell>
                    <FigureCells figures={row.figures} />
                    <TableCell align="right">
                      <Button size="small" variant="outlined" disabled={claim.isPending} onClick={() => claim.mutate(row.website)} data-action="claim">{text('websites.claim')}</Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Card>
      )}
      {shown && <WebsiteDetailsDialog website={shown} onClose={() => setShown(null)} />}
    </Stack>
  );
}

export function Websites() {
  const { user } = useAbilityState();
  const text = useText();
  const publisher = session.selectedPublisher();
  if (user && user.role !== 'publisher') return <ResourceScreen resource="website" screen="list" />;
  if (!publisher) return <Alert severity="info" sx={{ mt: 2 }}>{text('choose_publisher')}</Alert>;
  return <PublisherWebsites publisher={publisher} />;
}
