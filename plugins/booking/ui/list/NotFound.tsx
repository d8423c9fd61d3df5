/** An edit screen whose record does not exist (or is out of reach): its title and 'not found', no redirect. */
import { Alert } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { usePageTitle } from '@adsuite/admin/kit';

export function RecordNotFound({ title }: { title: string }) {
  const translate = useTranslate();
  const heading = translate(title);
  usePageTitle(heading);
  return (
    <>
      <Title title={heading} />
      <Alert severity="warning" sx={{ mt: 2 }} data-testid="not-found">{translate('app.bookings.not_found')}</Alert>
    </>
  );
}

/** Keeps react-admin from leaving for the list when the record cannot be read: the screen says so itself. */
export const STAY_ON_ERROR = { onError: () => undefined };
