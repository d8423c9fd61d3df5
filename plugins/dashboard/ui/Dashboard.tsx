/**
 * The start page (SPEC section 2 "Dashboard"), for now: a welcome with the user's name, how many bookings
 * they see, the call to create one (not for viewers), the balance alert and what the page will show.
 */
import { Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { Title, useGetList, useTranslate } from 'react-admin';
import { resourceByName } from '@adsuite/config';
import { useAbilityState, useCan, useMayOpen } from '@adsuite/admin/kit';
import { BalanceBanner } from './BalanceBanner.tsx';

const bookings = resourceByName.booking;

function BookingCount() {
  const translate = useTranslate();
  const { total, isPending } = useGetList(bookings.name, { pagination: { page: 1, perPage: 1 } });
  if (isPending || total === undefined) return null;
  return <Typography>{translate('app.dashboard.bookings', { smart_count: total })}</Typography>;
}

export function Dashboard() {
  const translate = useTranslate();
  const { user } = useAbilityState();
  const can = useCan();
  const mayOpen = useMayOpen();
  const title = translate('app.dashboard.title');
  return (
    <>
      <BalanceBanner />
      <Card sx={{ mt: 2 }}>
        <Title title={title} />
        <CardContent>
          <Stack spacing={1.5}>
            <Typography variant="h5" component="h1">{translate('app.dashboard.welcome', { name: user?.fullName ?? '' })}</Typography>
            {can('read', bookings.name) && <BookingCount />}
            <Typography color="text.secondary">{translate('app.dashboard.intro')}</Typography>
          </Stack>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
          {mayOpen(bookings.routes.create) && (
            <Button component={Link} to={bookings.routes.create} variant="contained">{translate('app.dashboard.create_booking')}</Button>
          )}
          {mayOpen(bookings.routes.list) && (
            <Button component={Link} to={bookings.routes.list} variant="outlined">{translate('app.dashboard.to_bookings')}</Button>
          )}
        </CardActions>
      </Card>
    </>
  );
}
