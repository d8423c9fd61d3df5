/**
 * The signed-in user's report subscriptions on the profile: per subscribed campaign (linked to its Instant
 * Report) the daily, weekly and monthly e-mails as check boxes. Campaigns are subscribed from the bell of a
 * campaign's statistics; a campaign with every box cleared is dropped when the profile is saved.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Checkbox, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { SUBSCRIPTION_FREQUENCIES, type Subscription, type SubscriptionFrequency } from '@adsuite/config';
import { API, apiFetch } from '@adsuite/admin/kit';
import { useText } from './useText.ts';

/**
 * The names of the subscribed campaigns, as GET /api/auth/login names them (whichever advertiser is selected: a
 * list read would see the selected one's campaigns only), read again when the subscribed set changes.
 */
function useCampaignNames(ids: string[]): Map<string, string> {
  const [names, setNames] = useState(new Map<string, string>());
  const key = [...ids].sort().join(',');
  useEffect(() => {
    if (!key) return;
    let current = true;
    apiFetch(`${API}/auth/login`)
      .then(({ json }) => current && setNames(new Map(((json.subscribedCampaigns ?? []) as { id: string; name: string }[]).map((row) => [row.id, row.name]))))
      .catch(() => undefined);
    return () => { current = false; };
  }, [key]);
  return names;
}

export function SubscriptionsTable({ value, onChange }: { value: Subscription[]; onChange(next: Subscription[]): void }) {
  const text = useText();
  const names = useCampaignNames(value.map((entry) => entry.campaign));
  if (value.length === 0) return <Alert severity="info" sx={{ mt: 1 }}>{text('subscriptions_none')}</Alert>;
  const toggle = (campaign: string, frequency: SubscriptionFrequency, on: boolean) =>
    onChange(value.map((entry) => (entry.campaign === campaign ? { ...entry, [frequency]: on } : entry)));
  return (
    <Table size="small" sx={{ mt: 1 }} data-testid="subscriptions">
      <TableHead>
        <TableRow>
          <TableCell>{text('subscription.campaign')}</TableCell>
          {SUBSCRIPTION_FREQUENCIES.map((frequency) => <TableCell key={frequency} align="center">{text(`subscription.${frequency}`)}</TableCell>)}
        </TableRow>
      </TableHead>
      <TableBody>
        {value.map((entry) => (
          <TableRow key={entry.campaign}>
            <TableCell>
              <Typography component={Link} to={`/campaign/stats/${entry.campaign}`} variant="body2" color="primary">{names.get(entry.campaign) ?? '…'}</Typography>
            </TableCell>
            {SUBSCRIPTION_FREQUENCIES.map((frequency) => (
              <TableCell key={frequency} align="center" padding="checkbox">
                <Checkbox name={`subscription-${entry.campaign}-${frequency}`} checked={entry[frequency]} slotProps={{ input: { 'aria-label': `${names.get(entry.campaign) ?? ''} ${text(`subscription.${frequency}`)}` } }}
                  onChange={(event) => toggle(entry.campaign, frequency, event.target.checked)} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
