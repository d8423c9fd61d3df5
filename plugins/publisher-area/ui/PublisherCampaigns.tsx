/**
 * /p/campaigns (issue 35): the campaigns offered to the publisher with their invitation status (SPEC section 4),
 * period, commission terms, figures so far and a link to their statistics; an open invitation is answered in the
 * list or in the detail view (?campaign=<id>), which gives an accepted campaign's ad codes and links.
 */
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { session } from '@adsuite/admin/kit';
import { AnswerButtons } from './AnswerButtons.tsx';
import { fetchOffers, type Offer } from './api.ts';
import { CampaignDialog, usePeriod } from './CampaignDialog.tsx';
import { POLL_MS } from './PublisherHome.tsx';
import { StatusChip } from './StatusChip.tsx';
import { Terms } from './Terms.tsx';
import { useFormat, useText } from './useText.ts';

function Actions({ offer, publisher, open }: { offer: Offer; publisher: string; open: () => void }) {
  const text = useText();
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, justifyContent: { md: 'flex-end' } }}>
      {offer.answerable && offer.invitation && <AnswerButtons publisher={publisher} invitation={offer.invitation} campaign={offer.name} />}
      <Button size="small" variant={offer.withTags ? 'contained' : 'text'} onClick={open} data-action="details">{offer.withTags ? text('actions.tags') : text('actions.details')}</Button>
      <Button size="small" component={Link} to={`/p/campaign/stats/${offer.id}`}>{text('actions.stats')}</Button>
    </Stack>
  );
}

function Figures({ offer }: { offer: Offer }) {
  const text = useText();
  const format = useFormat();
  return (
    <Typography variant="body2" sx={{ whiteSpace: { md: 'nowrap' } }} data-testid="offer-figures" data-clicks={offer.figures.clicks} data-impressions={offer.figures.impressions}>
      {text('campaigns.figures_line', {
        impressions: format.count(offer.figures.impressions), clicks: format.count(offer.figures.clicks), conversions: format.count(offer.figures.conversions), earnings: format.money(offer.figures.earnings),
      })}
    </Typography>
  );
}

export function PublisherCampaigns() {
  const translate = useTranslate();
  const text = useText();
  const period = usePeriod();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const publisher = session.selectedPublisher();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('campaign');
  const offers = useQuery({ queryKey: ['publisher-area', 'offers', publisher], queryFn: () => fetchOffers(publisher!), enabled: Boolean(publisher), refetchInterval: POLL_MS });
  const open = (id: string | null) => setParams(id ? { campaign: id } : {});
  const rows = offers.data ?? [];
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('app.publisher_campaigns.title')} />
      {!publisher && <Alert severity="info">{text('choose_publisher')}</Alert>}
      {offers.error && <Alert severity="error">{text('load_failed', { message: offers.error.message })}</Alert>}
      <Box sx={{ height: 4 }}>{offers.isPending && publisher && <LinearProgress />}</Box>
      {offers.data && rows.length === 0 && <Alert severity="info">{text('campaigns.empty')}</Alert>}
      {rows.length > 0 && wide && (
        <Card>
          <Table size="small" data-testid="offers">
            <TableHead>
              <TableRow>
                {['campaign', 'status', 'period', 'terms', 'figures'].map((key) => <TableCell key={key}>{text(`campaigns.${key}`)}</TableCell>)}
                <TableCell align="right">{text('campaigns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((offer) => (
                <TableRow key={offer.id} data-campaign={offer.id} data-status={offer.invitationStatus}>
                  <TableCell><Typography sx={{ fontWeight: 600 }}>{offer.name}</Typography><Typography variant="body2" color="text.secondary">{offer.advertiser}</Typography></TableCell>
                  <TableCell><StatusChip status={offer.invitationStatus} /></TableCell>
                  <TableCell>{period(offer)}</TableCell>
                  <TableCell><Terms terms={offer.terms} /></TableCell>
                  <TableCell><Figures offer={offer} /></TableCell>
                  <TableCell align="right"><Actions offer={offer} publisher={publisher!} open={() => open(offer.id)} /></TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      {rows.length > 0 && !wide && (
        <Stack spacing={2} data-testid="offers">
          {rows.map((offer) => (
            <Card key={offer.id} data-campaign={offer.id} data-status={offer.invitationStatus}>
              <CardContent>
                <Stack spacing={1}>
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                    <Box><Typography sx={{ fontWeight: 600 }}>{offer.name}</Typography><Typography variant="body2" color="text.secondary">{offer.advertiser}</Typography></Box>
                    <StatusChip status={offer.invitationStatus} />
                  </Stack>
                  <Typography variant="body2">{period(offer)}</Typography>
                  <Terms terms={offer.terms} />
                  <Figures offer={offer} />
                  <Actions offer={offer} publisher={publisher!} open={() => open(offer.id)} />
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      {publisher && chosen && <CampaignDialog publisher={publisher} campaign={chosen} onClose={() => open(null)} />}
    </Stack>
  );
}
