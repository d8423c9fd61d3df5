/** /bookingtemplate/create and /bookingtemplate/update/:id: the template form; editing adds the template's bookings. */
import { Card, CardContent } from '@mui/material';
import { Create, Edit, Title, useEditContext, useNotify, useRedirect, useTranslate } from 'react-admin';
import { session, useAbilityState, useCan, usePageTitle } from '@adsuite/admin/kit';
import { RecordNotFound, STAY_ON_ERROR } from '../list/NotFound.tsx';
import { TemplateBookings } from './TemplateBookings.tsx';
import { TemplateForm } from './TemplateForm.tsx';

const LIST = '/bookingtemplate';
/** What the server takes: the form's fields, not what it answers besides (id, created, lookups). */
const FIELDS = ['name', 'advertiser', 'description', 'channels', 'goal', 'minDailyBudget', 'maxDailyBudget', 'defaultDailyBudget', 'target', 'gender', 'age', 'active'];
const writable = (data: Record<string, unknown>) => {
  const values = Object.fromEntries(FIELDS.filter((key) => key in data).map((key) => [key, data[key]]));
  // Bookings from the template split their budget over its channels equally unless told otherwise.
  if (Array.isArray(values.channels)) values.allocation = (values.channels as string[]).map((channel) => ({ channel, weight: 1 }));
  return values;
};

function useSaved(success: 'created' | 'updated') {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify(`app.notification.${success}`, { type: 'success' });
      redirect(LIST);
    },
    onError: (error: unknown) => notify((error as Error)?.message || 'app.notification.unknown_error', { type: 'error' }),
  };
}

export function TemplateCreate() {
  const { ready } = useAbilityState();
  const translate = useTranslate();
  const feedback = useSaved('created');
  if (!ready) return null;
  return (
    <Create resource="bookingtemplate" title={translate('app.booking_templates.create_title')} transform={writable} mutationOptions={feedback}>
      <TemplateForm writable defaultAdvertiser={session.selectedAdvertiser()} />
    </Create>
  );
}

function EditContent() {
  const { record, error } = useEditContext();
  const can = useCan();
  const translate = useTranslate();
  const title = `${translate('app.booking_templates.edit_title')}${record ? `: ${record.name}` : ''}`;
  usePageTitle(title);
  if (error) return <RecordNotFound title="app.booking_templates.edit_title" />;
  if (!record) return null;
  const mayChange = can('update', 'bookingtemplate', record);
  return (
    <>
      <Title title={title} />
      <Card><TemplateForm writable={mayChange} withDelete={mayChange} /></Card>
      <Card sx={{ mt: 2 }}>
        <CardContent><TemplateBookings id={String(record.id)} name={record.name} /></CardContent>
      </Card>
    </>
  );
}

export function TemplateEdit() {
  const { ready } = useAbilityState();
  const feedback = useSaved('updated');
  if (!ready) return null;
  return (
    <Edit resource="bookingtemplate" component="div" title={false} mutationMode="pessimistic" transform={writable} mutationOptions={feedback} queryOptions={STAY_ON_ERROR} redirect={false}>
      <EditContent />
    </Edit>
  );
}
