/**
 * The message log on a sync job's edit screen: date and text of every entry, in the reader's language (the
 * stored rows keep English words and the catalogue text; older rows their words). Read-only, like the log.
 */
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatDay, type FieldInputProps } from '@adsuite/admin/kit';
import { useSyncWords } from './useSyncWords.ts';
import { useText } from './useText.ts';

export function SyncJobMessages({ source, label }: FieldInputProps) {
  const translate = useTranslate();
  const text = useText();
  const words = useSyncWords();
  const value = useWatch({ name: source });
  const entries = Array.isArray(value) ? (value as { date?: string; message?: unknown; text?: unknown }[]) : [];
  return (
    <Box component="fieldset" data-testid="sync-job-messages"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, pb: 1, mb: 1, width: '100%', maxWidth: 720, minWidth: 0 }}>
      <Typography component="legend" variant="caption" color="text.secondary" sx={{ px: 0.5 }}>{translate(label, { smart_count: 1 })}</Typography>
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{text('no_messages')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{text('date')}</TableCell>
                <TableCell>{text('message')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry, index) => (
                <TableRow key={`${entry.date}-${index}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(entry.date, true)}</TableCell>
                  <TableCell>{words.message(entry)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
