/**
 * The balance alert on the dashboard (SPEC section 2 "Dashboard", section 9 thresholds): a warning banner when
 * the balance runs low, a danger banner when it is (almost) used up or lasts less than two days, with the balance
 * in two decimals and the way to finances. The level comes from the server (GET /api/finances/alert), which
 * applies the thresholds; balanceNotice.ts words the case. Users who may not see balances (viewers) get nothing,
 * and no request is made.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, AlertTitle, Button } from '@mui/material';
import { API, apiFetch, session, useCan, useMayOpen } from '@adsuite/admin/kit';
import { formatEuros } from '@adsuite/config/i18n/format';
import { balanceNotice, type BalanceAlert } from './balanceNotice.ts';
import { useText } from './useText.ts';

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
  const notice = allowed ? balanceNotice(data, formatEuros) : null;
  if (!data || !notice) return null;
  const danger = notice.severity === 'error';
  return (
    <Alert
      severity={notice.severity}
      variant={danger ? 'filled' : 'standard'}
      data-testid="balance-banner"
      data-level={data.level}
      sx={{ mt: 2, alignItems: 'center' }}
      action={mayOpen(FINANCES) && (
        <Button component={Link} to={FINANCES} color="inherit" variant="outlined" size="small">{text('to_finances')}</Button>
      )}
    >
      <AlertTitle sx={{ mb: 0 }}>{notice.parts.map((part) => text(part.key, part.params)).join(' ')}</AlertTitle>
    </Alert>
  );
}
