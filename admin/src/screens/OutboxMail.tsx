/**
 * One mail of the outbox (/outbox, the systemoperator's), opened from its row: recipient, dates, and the mail
 * as its reader sees it, rendered with its links. The HTML comes from the platform's templates but carries what
 * users typed (names), so it is shown in a sandboxed frame: no scripts, no access to the admin; its links open
 * in a new tab. A mail without HTML shows its text.
 */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { formatDay } from '../resources/format.ts';

/** Links leave the frame for a new tab; the frame has no scripts or storage of its own. */
const framed = (html: string) => (/<head[^>]*>/i.test(html)
  ? html.replace(/<head([^>]*)>/i, '<head$1><base target="_blank">')
  : `<base target="_blank">${html}`);

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={1}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 110 }}>{label}</Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{value}</Typography>
    </Stack>
  );
}

export function OutboxMail({ record, onClose }: { record: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.outbox.fields.${field}`);
  const attachments = Array.isArray(record.attachments) ? (record.attachments as { filename?: string }[]) : [];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="outbox-mail">
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>{String(record.subject ?? '')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={0.5} sx={{ mb: 2 }}>
          <Fact label={label('to')} value={String(record.to ?? '')} />
          <Fact label={translate('app.list.created')} value={formatDay(record.created, true)} />
          <Fact label={label('sentAt')} value={record.sentAt ? formatDay(record.sentAt, true) : translate('app.outbox.not_sent')} />
          {record.error ? <Fact label={label('error')} value={String(record.error)} /> : null}
          {attachments.length > 0 && <Fact label={label('attachments')} value={attachments.map((file) => file.filename ?? '').join(', ')} />}
        </Stack>
        {record.html ? (
          <Box
            component="iframe"
            title={String(record.subject ?? '')}
            srcDoc={framed(String(record.html))}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            data-testid="outbox-mail-body"
            sx={{ width: '100%', height: { xs: 420, md: 480 }, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
          />
        ) : (
          <Typography component="pre" data-testid="outbox-mail-text" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>{String(record.text ?? '')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
