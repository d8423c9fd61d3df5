/**
 * The balance alert on the dashboard (SPEC section 2 "Dashboard", section 9 thresholds): a warning banner when
 * the balance runs low, a danger banner when it is used up, with the balance in two decimals and the way to
 * finances. The level comes from the server (GET /api/finances/alert), which applies the thresholds. Users
 * who may not see balances (viewers) get nothing, and no request is made.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, AlertTitle, Button } from '@mui/material';
import { API, apiFetch, session, useCan, useMayOpen } from '@adsuite/admin/kit';
import { useText } from './useText.ts';

interface BalanceAlert {
  level: 'ok' | 'warning' | 'danger';
  balance: number;
}

const EUR = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatBalance = (euros: number) => EUR.format(euros);

const FINANCES = '/advertiser/finances';

export function BalanceBanner() {
  const text = useText();
  const can = useCan();
  const mayOpen = useMayOpen();
  const advertiser = session.selectedAdvertiser();
  const allowed = can('read', 'transaction') && Boolean(advertiser);
  const { data } = useQuery({
    queryKey: ['finances', advertiser, 'balance'],
    queryFn: async (): Promise<BalanceAlert> => (await apiFetch(`${API}/finances/alert?advertiser=${encodeURIComponent(advertiser!)}`)).json,
    enabled: allowed,
  });
  if (!allowed || !data || data.level === 'ok') return null;
  const danger = data.level === 'danger';
  return (
    <Alert
      severity={danger ? 'error' : 'warning'}
      variant={danger ? 'filled' : 'standard'}
      data-testid="balance-banner"
      data-level={data.level}
      sx={{ mt: 2, alignItems: 'center' }}
      action={mayOpen(FINANCES) && (
        <Button component={Link} to={FINANCES} color="inherit" variant="outlined" size="small">{text('to_finances')}</Button>
      )}
    >
      <AlertTitle sx={{ mb: 0 }}>{text(danger ? 'balance_out' : 'balance_low', { balance: formatBalance(data.balance) })}</AlertTitle>
    </Alert>
  );
}
