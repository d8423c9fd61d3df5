import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Shown in place of a screen the user's role may not open. */
export function Forbidden() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography>{translate('app.page.forbidden')}</Typography>
      </CardContent>
    </Card>
  );
}
