/**
 * /p/finances: the publisher's earnings and payouts. The API has no publisher balance yet (plugins/finances
 * keeps advertiser money only), so the page says what will appear and shows no invented figures.
 */
import { Link } from 'react-router';
import SavingsIcon from '@mui/icons-material/Savings';
import { Alert, Button, Card, CardActions, CardContent, CardHeader, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useText } from './useText.ts';

export function PublisherFinances() {
  const translate = useTranslate();
  const text = useText();
  const title = translate('app.publisher_finances.title');
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardHeader title={title} avatar={<SavingsIcon color="primary" />} />
      <CardContent>
        <Typography sx={{ mb: 2 }}>{text('publisher.intro')}</Typography>
        <Alert severity="info">{text('publisher.empty')}</Alert>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={Link} to="/p" variant="outlined">{text('publisher.to_area')}</Button>
      </CardActions>
    </Card>
  );
}
