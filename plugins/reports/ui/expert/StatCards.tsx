/**
 * Expert Analytics' cards (SPEC section 2): unique users, impressions and clicks with the expected values in
 * brackets, site CR with the average basket, and the onsite analytics per event class, each linking to the
 * events list of that class.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { EVENT_CLASSES } from '@adsuite/config';
import { onsiteEventsLink, type ExpertStats } from './expertApi.ts';
import { useExpertText, useFormat } from './useExpertText.ts';

function FigureCard({ name, label, value, note }: { name: string; label: string; value: string; note: ReactNode }) {
  return (
    <Card data-card={name} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.5 }}>{label}</Typography>
        <Typography variant="h4" component="p" data-value sx={{ fontWeight: 500, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>{value}</Typography>
        <Typography variant="body2" color="text.secondary" data-note>{note}</Typography>
      </CardContent>
    </Card>
  );
}

export function StatCards({ stats }: { stats: ExpertStats }) {
  const text = useExpertText();
  const format = useFormat();
  const expected = (value: number | null) => (value === null ? text('cards.no_expected') : text('cards.expected', { value: format.count(value) }));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
      <FigureCard name="unique" label={text('cards.unique_users')} value={format.count(stats.uniqueCount)} note={'\u00a0'} />
      <FigureCard name="impressions" label={text('cards.impressions')} value={format.count(stats.impressionCount)} note={expected(stats.impressionCountExpected)} />
      <FigureCard name="clicks" label={text('cards.clicks')} value={format.count(stats.clickCount)} note={expected(stats.clickCountExpected)} />
      <FigureCard name="site-cr" label={text('cards.site_cr')} value={format.percent(stats.siteCr)} note={text('cards.basket', { value: format.euros(stats.basketavg) })} />
    </Box>
  );
}

/** The onsite events per class; each class links to the campaign's events of that class in the events list. */
export function OnsiteCard({ campaign, stats }: { campaign: string; stats: ExpertStats }) {
  const text = useExpertText();
  const format = useFormat();
  return (
    <Card data-card="onsite">
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, mb: 1.5 }}>
          <Typography variant="h6" component="h2">{text('cards.onsite')}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="onsite-total">
            {text('cards.onsite_total', { count: format.count(stats.pixelCount) })}
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(9, 1fr)' } }}>
          {EVENT_CLASSES.map((cls) => (
            <Box
              key={cls}
              component={Link}
              to={onsiteEventsLink(campaign, cls)}
              data-class={cls}
              aria-label={text('cards.onsite_link', { cls: text(`classes.${cls}`), count: format.count(stats[cls]) })}
              sx={{
                display: 'block', p: 1.25, borderRadius: 1, border: 1, borderColor: 'divider', color: 'inherit', textDecoration: 'none',
                '&:hover, &:focus-visible': { borderColor: 'primary.main', bgcolor: 'action.hover' },
              }}
            >
              <Typography variant="caption" color="text.secondary" component="p" noWrap>{text(`classes.${cls}`)}</Typography>
              <Typography variant="h6" component="p" data-value>{format.count(stats[cls])}</Typography>
              <Chip size="small" label={format.percent(stats[`${cls}Perc`])} sx={{ mt: 0.5 }} />
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
