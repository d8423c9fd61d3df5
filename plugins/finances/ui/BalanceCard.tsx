/** The advertiser's balance with two decimals, coloured by its alert level (SPEC section 9 thresholds). */
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Card, CardContent, CardHeader, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import { formatEuro } from './money.ts';
import { useBalance } from './queries.ts';
import { useText } from './useText.ts';

const COLOUR = { ok: 'text.primary', warning: 'warning.main', danger: 'error.main' } as const;

export function BalanceCard({ advertiser, name }: { advertiser: string; name?: string }) {
  const text = useText();
  const { data, error, isFetching, refetch } = useBalance(advertiser);
  return (
    <Card sx={{ flex: '1 0 auto' }}>
      <CardHeader slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        title={text('balance.title')}
        subheader={name}
        action={(
          <Tooltip title={text('balance.refresh')}>
            <span><IconButton onClick={() => refetch()} disabled={isFetching} aria-label={text('balance.refresh')}><RefreshIcon /></IconButton></span>
          </Tooltip>
        )}
      />
      <CardContent sx={{ pt: 0 }}>
        {error && <Alert severity="error">{error.message}</Alert>}
        {!data && !error && <Skeleton variant="text" width={180} sx={{ fontSize: '2.5rem' }} />}
        {data && (
          <Typography variant="h3" component="p" data-testid="finance-balance" data-level={data.level} sx={{ color: COLOUR[data.level], fontWeight: 500 }}>
            {formatEuro(data.balance)}
          </Typography>
        )}
        {data && data.level !== 'ok' && <Alert severity={data.level === 'danger' ? 'error' : 'warning'} sx={{ mt: 1.5 }}>{text(data.level === 'danger' ? 'balance.out' : 'balance.low')}</Alert>}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>{text('balance.prepaid')}</Typography>
      </CardContent>
    </Card>
  );
}
