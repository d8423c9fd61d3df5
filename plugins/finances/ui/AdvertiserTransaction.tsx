/**
 * /transaction/new (SPEC section 6, administrator and above) and /advertiser/transaction (systemoperator): book a credit or debit
 * by hand on an advertiser's balance, and see the balance and ledger it lands in. `?advertiser=` names the
 * advertiser (the finance page's "Book a transaction" link sets it).
 */
import { useSearchParams } from 'react-router';
import { Grid, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { BalanceCard } from './BalanceCard.tsx';
import { LedgerCard } from './LedgerCard.tsx';
import { ManualEntryCard } from './ManualEntryCard.tsx';
import { useAdvertiserFunds } from './queries.ts';

export function AdvertiserTransaction() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const advertiser = params.get('advertiser') || null;
  const funds = useAdvertiserFunds(advertiser);
  const found = Boolean(advertiser && funds.data);
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }} data-testid="advertiser-transaction">
      <Title title={translate('app.advertiser_transaction.title')} />
      <Typography color="text.secondary">{translate('app.advertiser_transaction.intro')}</Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <ManualEntryCard advertiser={advertiser} onAdvertiser={(id) => setParams(id ? { advertiser: id } : {})} />
        </Grid>
        {found && <Grid size={{ xs: 12, md: 5 }}><BalanceCard advertiser={advertiser!} name={funds.data?.name} /></Grid>}
      </Grid>
      {found && <LedgerCard advertiser={advertiser!} />}
    </Stack>
  );
}
