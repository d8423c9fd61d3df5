/** The start page for now: a welcome with the user's name and how many bookings they see. */
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router';
import { Title, useGetList, useTranslate } from 'react-admin';
import { resourceByName } from '@adsuite/config';
import { useAbilityState, useCan } from '../abilities/AbilityProvider.tsx';
import { usePageTitle } from '../layout/usePageTitle.ts';

const bookings = resourceByName.booking;

function BookingCount() {
  const translate = useTranslate();
  const { total, isPending } = useGetList(bookings.name, { pagination: { page: 1, perPage: 1 } });
  if (isPending || total === undefined) return null;
  return (
    <>
      <Typography sx={{ mt: 1 }}>{translate('app.dashboard.bookings', { smart_count: total })}</Typography>
      <CardActions sx={{ px: 0 }}>
        <Button component={Link} to={bookings.routes.list} variant="outlined">
          {translate('app.dashboard.to_bookings')}
        </Button>
      </CardActions>
    </>
  );
}

export function Dashboard() {
  const translate = useTranslate();
  const { user } = useAbilityState();
  const can = useCan();
  const title = translate('app.menu.dashboard');
  usePageTitle(title);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5">{translate('app.dashboard.welcome', { name: user?.fullName ?? '' })}</Typography>
        {can('read', bookings.name) && <BookingCount />}
      </CardContent>
    </Card>
  );
}
