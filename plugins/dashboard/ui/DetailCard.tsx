/**
 * The detail card of a booking or booking template (SPEC section 2 "Dashboard"), loaded when it first opens
 * and kept: active/pending counts, budget in SPEC's colours, creatives, cost, impressions, clicks, the invalid share,
 * the top creatives and websites, the budget bar and the channel split bar.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, CircularProgress, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import { session } from '@adsuite/admin/kit';
import { budgetColour } from './budget.ts';
import { fetchDetails, type Details } from './dashboardApi.ts';
import type { Range } from './grouping.ts';
import { useFormat, useText } from './useText.ts';

const RUNNING = ['active', 'published', 'upcoming', 'paused'];
const PENDING = ['pending', 'generating creatives', 'waiting for approval', 'publishing'];
const sumOf = (statuses: Record<string, number>, names: string[]) => names.reduce((sum, name) => sum + (statuses[name] ?? 0), 0);

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.3 }}>{label}</Typography>
      <Typography variant="subtitle1" component="div" sx={{ fontWeight: 600 }} data-fact={testId}>{value}</Typography>
    </div>
  );
}

function TopNames({ title, rows, testId }: { title: string; rows: { name: string; clicks: number }[]; testId: string }) {
  const text = useText();
  const format = useFormat();
  return (
    <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary">{title}</Typography>
      {rows.length === 0 && <Typography variant="body2" color="text.secondary">{text('detail.none')}</Typography>}
      <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 2.5 }} data-testid={testId}>
        {rows.map((row, index) => (
          <Typography component="li" variant="body2" key={`${row.name}-${index}`}>
            <Box component="span" sx={{ wordBreak: 'break-all' }}>{row.name}</Box>
            <Box component="span" sx={{ color: 'text.secondary', ml: 1, whiteSpace: 'nowrap' }}>{format.count(row.clicks)} {text('figures.clicks')}</Box>
          </Typography>
        ))}
      </Stack>
    </Box>
  );
}

function ChannelSplit({ channels }: { channels: Details['channels'] }) {
  const text = useText();
  const format = useFormat();
  const shares = channels.filter((channel) => channel.costShare > 0);
  if (!shares.length) return null;
  return (
    <Box>
      <Typography variant="overline" color="text.secondary">{text('detail.channel_split')}</Typography>
      <Stack direction="row" sx={{ height: 12, borderRadius: 1, overflow: 'hidden' }} data-testid="channel-split">
        {shares.map((channel) => (
          <Tooltip key={channel.channel ?? '-'} title={`${channel.name ?? text('detail.unknown')}: ${format.percent(channel.costShare)}`}>
            <Box sx={{ width: `${channel.costShare}%`, bgcolor: channel.color ?? 'grey.500' }} />
          </Tooltip>
        ))}
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mt: 0.75 }}>
        {shares.map((channel) => (
          <Stack key={channel.channel ?? '-'} direction="row" spacing={0.75} alignItems="center">
            <Box sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: channel.color ?? 'grey.500' }} />
            <Typography variant="caption">{channel.name ?? text('detail.unknown')} {format.percent(channel.costShare)} · {format.money(channel.cost)}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

export function DetailCard({ kind, id, range, templateColours }: { kind: 'booking' | 'bookingtemplate'; id: string; range: Range; templateColours: boolean }) {
  const text = useText();
  const format = useFormat();
  const { data, isPending, isError } = useQuery({
    queryKey: ['dashboard', session.selectedAdvertiser(), 'details', kind, id, range.start, range.end],
    queryFn: () => fetchDetails(kind, id, range),
    staleTime: Infinity,
  });
  if (isPending) {
    return <Stack direction="row" spacing={1} alignItems="center" sx={{ p: 2 }}><CircularProgress size={18} /><Typography variant="body2">{text('detail.loading')}</Typography></Stack>;
  }
  if (isError) return <Alert severity="error" sx={{ m: 2 }}>{text('detail.failed')}</Alert>;
  const budget = data.budget !== null
    ? format.money(data.budget)
    : data.dailyBudget !== null ? text('detail.per_day', { amount: format.money(data.dailyBudget) }) : text('detail.no_budget');
  const remaining = data.remainingPercent;
  const colour = remaining === null ? undefined : budgetColour(remaining, templateColours);
  return (
    <Box sx={{ px: 2, py: 1.5, bgcolor: 'action.hover' }} data-testid={`detail-${kind}`} data-id={id}>
      {/* As many columns as the card's width holds: it opens in a third of the page or across it. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 1.5 }}>
        {kind === 'bookingtemplate' ? (
          <>
            <Fact label={text('detail.running')} value={format.count(sumOf(data.statuses, RUNNING))} testId="running" />
            <Fact label={text('detail.pending')} value={format.count(sumOf(data.statuses, PENDING))} testId="pending" />
          </>
        ) : (
          <>
            <Fact label={text('detail.active')} value={format.count(data.lineitems.active)} testId="active" />
            <Fact label={text('detail.inactive')} value={format.count(data.lineitems.inactive)} testId="inactive" />
          </>
        )}
        <Fact label={text(data.budget === null && data.dailyBudget !== null ? 'detail.daily_budget' : 'detail.budget')}
          value={<Box component="span" sx={{ color: colour ? `${colour}.main` : undefined }}>{budget}</Box>} testId="budget" />
        <Fact label={text('detail.creatives')} value={format.count(data.creatives)} testId="creatives" />
        <Fact label={text('figures.cost')} value={format.money(data.cost)} testId="cost" />
        <Fact label={text('figures.impressions')} value={format.count(data.impressions)} testId="impressions" />
        <Fact label={text('figures.clicks')} value={format.count(data.clicks)} testId="clicks" />
        <Fact label={text('figures.ctr')} value={format.percent(data.ctr)} testId="ctr" />
        <Fact label={text('figures.conversions')} value={format.count(data.conversions)} testId="conversions" />
        <Fact label={text('figures.invalidShare')} value={<span title={text('figures.invalid_share_hint')}>{format.percent(data.invalidShare)}</span>} testId="invalidShare" />
      </Box>
      {remaining !== null && (
        <Box sx={{ mt: 2 }} data-testid="budget-bar" data-colour={colour}>
          <Stack direction="row" useFlexGap flexWrap="wrap" columnGap={2} justifyContent="space-between" sx={{ mb: 0.5 }}>
            <Typography variant="caption">{text('detail.spent', { spent: format.money(data.spent), today: format.money(data.spentToday) })}</Typography>
            <Typography variant="caption" sx={{ color: `${colour}.main`, fontWeight: 600 }}>{text('detail.remaining', { percent: format.percent(remaining) })}</Typography>
          </Stack>
          <LinearProgress variant="determinate" value={Math.min(100, Math.max(0, 100 - remaining))} color={colour} sx={{ height: 8, borderRadius: 1 }} />
        </Box>
      )}
      <Stack direction="row" useFlexGap flexWrap="wrap" spacing={2} sx={{ mt: 1 }}>
        <TopNames title={text('detail.top_creatives')} testId="top-creatives"
          rows={data.topCreatives.map((row) => ({ name: row.name ? `${row.name}${row.width && row.height ? ` (${row.width}×${row.height})` : ''}` : text('detail.unknown'), clicks: row.clicks }))} />
        <TopNames title={text('detail.top_websites')} testId="top-websites" rows={data.topWebsites.map((row) => ({ name: row.location, clicks: row.clicks }))} />
      </Stack>
      <Box sx={{ mt: 1.5 }}><ChannelSplit channels={data.channels} /></Box>
    </Box>
  );
}
