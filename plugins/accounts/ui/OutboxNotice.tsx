/** Above the outbox: whether mail really goes out (SMTP) or the outbox is the only way to read it (local use). */
import { useEffect, useState } from 'react';
import { Alert } from '@mui/material';
import { API, apiFetch, usePluginText } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

interface Delivery {
  smtp: boolean;
  server: string | null;
}

export function OutboxNotice() {
  const text = usePluginText('accounts', messages);
  const [delivery, setDelivery] = useState<Delivery>();
  useEffect(() => {
    let current = true;
    apiFetch(`${API}/mail/delivery`).then(({ json }) => current && setDelivery(json as Delivery), () => undefined);
    return () => {
      current = false;
    };
  }, []);
  if (!delivery) return null;
  return (
    <Alert severity={delivery.smtp ? 'info' : 'warning'} sx={{ mt: 2 }} data-testid="outbox-notice">
      {delivery.smtp ? text('outbox_smtp', { server: delivery.server ?? '' }) : text('outbox_local')}
    </Alert>
  );
}
