/**
 * On an assignment's edit screen (systemoperator): creates its booking (SPEC section 7 "assignment push") and says
 * so as SPEC section 8 words it: 'Booking created', 'Create booking failed' with the server's message or the
 * unknown-error text, 'No booking was returned'.
 */
import { useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import { Button, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useCan } from '@adsuite/admin/kit';
import { pushAssignment } from './api.ts';
import { useText } from './useText.ts';

export function AssignmentPushButton() {
  const record = useRecordContext();
  const can = useCan();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const text = useText();
  const [busy, setBusy] = useState(false);
  if (!record?.id || !can('update', 'assignment', record)) return null;
  const push = async () => {
    setBusy(true);
    try {
      const pushed = await pushAssignment(String(record.id));
      if (!pushed?.booking?.id) notify(text('push.none'), { type: 'warning' });
      else if (pushed.created) notify(text('push.created'), { type: 'success' });
      else notify(text('push.exists', { name: pushed.booking.name }), { type: 'info' });
    } catch (error) {
      notify(text('push.failed', { message: (error as Error)?.message || translate('app.notification.unknown_error') }), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <Button label={text('push.action')} variant="outlined" onClick={push} disabled={busy} data-action="assignment-push">
      <SendIcon />
    </Button>
  );
}
