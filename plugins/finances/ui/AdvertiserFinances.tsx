/**
 * /advertiser/finances (SPEC sections 2 and 7, plugins/finances README): the balance, card top-up, coupon,
 * ledger, invoices and credit notes of one advertiser. Advertiser-side users see their selected advertiser;
 * staff choose one (or arrive with `?advertiser=` from the accounting overview). Viewers see no balance: the route
 * table sends them to /403; should a role without the ledger get here all the same, the page says so.
 */
import { Link, useSearchParams } from 'react-router';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { Alert, Button, Card, CardContent, Grid, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { ADMINS, ADVERTISER_WRITERS, isRole, isStaff, union } from '@adsuite/config';
import { session, useAbilityState, useCan, useMayOpen } from '@adsuite/admin/kit';
import { BalanceCard } from './BalanceCard.tsx';
import { CouponCard } from './CouponCard.tsx';
import { DocumentsCard } from './DocumentsCard.tsx';
import { LedgerCard } from './LedgerCard.tsx';
import { TopUpCard } from './TopUpCard.tsx';
import { useText } from './useText.ts';

/** Who pays by card and redeems coupons (plugins/finances/server/access.ts PAYERS). */
const PAYERS = union(ADMINS, ADVERTISER_WRITERS);

/** The advertiser the page is about: `?advertiser=`, else the selected one, else (not for staff) the only one. */
export function chosenAdvertiser(requested: string | null, selected: string | null, reachable: string[], staff: boolean): string | null {
  if (requested && reachable.includes(requested)) return requested;
  if (selected && reachable.includes(selected)) return selected;
  return !staff && reachable.length > 0 ? reachable[0] : null;
}

function AdvertiserChoice({ value, options, onChange }: { value: string | null; options: { id: string; name: string }[]; onChange: (id: string) => void }) {
  const text = useText();
  return (
    <TextField select size="small" name="advertiser" label={text('choose_advertiser')} value={value ?? ''} onChange={(event) => onChange(event.target.value)} fullWidth={false} sx={{ width: 320 }}>
      {options.map((option) => <MenuItem key={option.id} value={option.id}>{option.name}</MenuItem>)}
    </TextField>
  );
}

export function AdvertiserFinances() {
  const translate = useTranslate();
  const text = useText();
  const can = useCan();
  const mayOpen = useMayOpen();
  const { ready, user } = useAbilityState();
  const [params, setParams] = useSearchParams();
  const title = translate('app.advertiser_finances.title');
  if (!ready || !user) return <><Title title={title} /><LinearProgress sx={{ mt: 2 }} /></>;
  if (!can('read', 'transaction')) return <><Title title={title} /><Alert severity="warning" sx={{ mt: 2 }} data-testid="no-finances">{text('not_allowed')}</Alert></>;

  const staff = isRole(user.role) && isStaff(user.role);
  const advertisers = user.advertisers.map((advertiser) => ({ id: String(advertiser.id), name: advertiser.name }));
  const advertiser = chosenAdvertiser(params.get('advertiser'), session.selectedAdvertiser(), advertisers.map((a) => a.id), staff);
  const name = advertisers.find((a) => a.id === advertiser)?.name;
  const mayPay = PAYERS.includes(user.role as never);

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }} data-testid="advertiser-finances">
      <Title title={title} />
      {(staff || advertisers.length > 1) && (
        <Card>
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', '&:last-child': { pb: 2 } }}>
            <AdvertiserChoice value={advertiser} options={advertisers} onChange={(id) => setParams({ advertiser: id })} />
            {!advertiser && <Typography color="text.secondary">{text('choose_advertiser_intro')}</Typography>}
            {advertiser && mayOpen('/transaction/new') && (
              <Button component={Link} to={`/transaction/new?advertiser=${encodeURIComponent(advertiser)}`} startIcon={<EditNoteIcon />} sx={{ ml: { sm: 'auto' } }}>
                {text('manual.book')}
              </Button>
            )}
          </CardContent>
        </Card>
      )}
      {!advertiser && !staff && <Alert severity="info">{text('no_advertiser')}</Alert>}
      {advertiser && (
        <>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: mayPay ? 4 : 12 }}>
              <Stack spacing={2} sx={{ height: '100%' }}>
                <BalanceCard advertiser={advertiser} name={name} />
                {mayPay && <CouponCard advertiser={advertiser} />}
              </Stack>
            </Grid>
            {mayPay && <Grid size={{ xs: 12, md: 8 }}><TopUpCard advertiser={advertiser} /></Grid>}
          </Grid>
          <LedgerCard advertiser={advertiser} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, xl: 6 }}><DocumentsCard kind="invoice" advertiser={advertiser} /></Grid>
            <Grid size={{ xs: 12, xl: 6 }}><DocumentsCard kind="creditnote" advertiser={advertiser} /></Grid>
          </Grid>
        </>
      )}
    </Stack>
  );
}
