/**
 * The detail view of a campaign offered to the publisher (/p/campaigns?campaign=<id>): advertiser, period,
 * commission terms, figures so far, the invitation's message, the answer while it is open, and once accepted
 * the ad codes and links (AdTags). Opening an invitation not answered yet tells the server it was received.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, LinearProgress, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { AdTags } from './AdTags.tsx';
import { AnswerButtons } from './AnswerButtons.tsx';
import { fetchOffer, markReceived, type Offer } from './api.ts';
import { StatusChip } from './StatusChip.tsx';
import { Terms } from './Terms.tsx';
import { useFormat, useText } from './useText.ts';

export function usePeriod() {
  const text = useText();
  const format = useFormat();
  return (offer: Pick<Offer, 'start' | 'end' | 'continuous'>) => {
    if (offer.continuous || !offer.end) return offer.start ? `${text('campaigns.since', { start: format.day(offer.start) })}, ${text('campaigns.open_end')}` : text('campaigns.open_end');
    return text('campaigns.range', { start: format.day(offer.start), end: format.day(offer.end) });
  };
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 160 }}>{label}</Typography>
      <Box>{children}</Box>
    </Stack>
  );
}

export function CampaignDialog({ publisher, campaign, onClose }: { publisher: string; campaign: string; onClose: () => void }) {
  const text = useText();
  const format = useFormat();
  const period = usePeriod();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const client = useQueryClient();
  const offer = useQuery({ queryKey: ['publisher-area', 'offer', publisher, campaign], queryFn: () => fetchOffer(publisher, campaign) });
  const data = offer.data;
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!data?.invitation || data.invitationStatus !== 'invited' || told.current === data.invitation) return;
    told.current = data.invitation;
    markReceived(publisher, data.invitation).then(() => client.invalidateQueries({ queryKey: ['publisher-area'] })).catch(() => undefined);
  }, [data, publisher, client]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} data-testid="campaign-dialog">
      <DialogTitle sx={{ pr: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <span>{data?.name ?? ''}</span>
          {data && <StatusChip status={data.invitationStatus} />}
        </Stack>
      </DialogTitle>
      <DialogContent dividers>
        {offer.isPending && <LinearProgress />}
        {offer.error && <Alert severity="error">{text('load_failed', { message: offer.error.message })}</Alert>}
        {data && (
          <Stack spacing={2}>
            <Fact label={text('detail.advertiser')}><Typography variant="body2">{data.advertiser}</Typography></Fact>
            <Fact label={text('campaigns.period')}><Typography variant="body2">{period(data)}</Typography></Fact>
            <Fact label={text('campaigns.terms')}><Terms terms={data.terms} /></Fact>
            <Fact label={text('campaigns.figures')}>
              <Typography variant="body2">{text('campaigns.figures_line', {
                impressions: format.count(data.figures.impressions), clicks: format.count(data.figures.clicks), conversions: format.count(data.figures.conversions),
                earnings: format.money(data.figures.earnings),
              })}</Typography>
            </Fact>
            {data.message && <Fact label={text('detail.message')}><Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>{data.message}</Typography></Fact>}
            {data.answerable && data.invitation && (
              <AnswerButtons publisher={publisher} invitation={data.invitation} campaign={data.name} size="medium" onAnswered={() => offer.refetch()} />
            )}
            <Divider />
            <Typography variant="h6" component="h3">{text('detail.tags')}</Typography>
            {data.withTags ? <AdTags offer={data} publisher={publisher} />
              : <Typography color="text.secondary">{data.answerable ? text('detail.accept_first') : text('detail.no_tags')}</Typography>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button component={Link} to={`/p/campaign/stats/${campaign}`}>{text('actions.stats')}</Button>
        <Button onClick={onClose} data-action="close">{text('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
