/**
 * The comparison dialog (SPEC section 2 "Activity log"): a record's version history, two versions side by side
 * (the older left, the newer right; the entry clicked and the one before it to begin with) and their differences
 * field by field: added, removed, changed, with money and dates as on screen.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, MenuItem, Stack, Table, TableBody, TableCell, TableHead,
  TableRow, TextField,
} from '@mui/material';
import { useLocaleState } from 'react-admin';
import { resourceByName } from '@adsuite/config';
import { API, apiFetch, formatDay } from '@adsuite/admin/kit';
import type { LogEntry } from './ActivityLog.tsx';
import { useLogText } from './text.ts';
import { diffVersions, fieldLabel, formatValue } from './versionDiff.ts';

interface Version { id: string; createdOn: string; message: string | null; entityAction: string | null; login: { email?: string } | string | null; version: Record<string, unknown> | null }

const COLORS = { added: 'success', removed: 'error', changed: 'warning' } as const;

export function VersionsDialog({ entry, onClose }: { entry: LogEntry; onClose: () => void }) {
  const text = useLogText();
  const [locale] = useLocaleState();
  const language = locale === 'en' ? 'en' : 'de';
  const params = new URLSearchParams({ entityId: entry.entityId ?? '', ...(entry.entityType ? { entityType: entry.entityType } : {}) });
  const { data, error, isLoading } = useQuery({
    queryKey: ['activitylog', 'versions', params.toString()],
    queryFn: async () => (await apiFetch(`${API}/activitylog/versions?${params}`)).json as { versions: Version[] },
  });
  const versions = data?.versions ?? [];
  const clicked = Math.max(0, versions.findIndex((v) => v.id === entry.id));
  const [chosen, setChosen] = useState<{ left: number; right: number } | null>(null);
  const right = chosen?.right ?? clicked;
  const left = chosen?.left ?? Math.max(0, clicked - 1);
  const resource = entry.entityType ? resourceByName[entry.entityType] : undefined;
  const diffs = versions.length > 1 ? diffVersions(versions[left]?.version ?? null, versions[right]?.version ?? null) : [];
  const label = (v: Version, i: number) => `${i + 1}. ${formatDay(v.createdOn, true)} · ${v.entityAction ? text(`actions.${v.entityAction}`) : ''}${v.login && typeof v.login === 'object' && v.login.email ? ` · ${text('by', { user: v.login.email })}` : ''}`;
  const picker = (side: 'left' | 'right') => (
    <TextField select size="small" fullWidth name={side} label={text(side)} value={side === 'left' ? left : right}
      onChange={(event) => setChosen({ left, right, [side]: Number(event.target.value) })}>
      {versions.map((v, i) => <MenuItem key={v.id} value={i}>{label(v, i)}</MenuItem>)}
    </TextField>
  );
  const typeName = resource ? resource.label[language].one : entry.entityType ?? '';

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="versions-title">
      <DialogTitle id="versions-title">{text('versions', { type: typeName, id: entry.entityId ?? '' })}</DialogTitle>
      <DialogContent>
        {isLoading && <LinearProgress />}
        {error && <Alert severity="error">{(error as Error).message}</Alert>}
        {data && versions.length === 1 && <Alert severity="info">{text('only_one')}</Alert>}
        {versions.length > 1 && (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>{picker('left')}{picker('right')}</Stack>
            {diffs.length === 0 ? <Alert severity="info">{text('unchanged')}</Alert> : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" data-testid="version-diff">
                  <TableHead>
                    <TableRow><TableCell>{text('field')}</TableCell><TableCell>{text('left')}</TableCell><TableCell>{text('right')}</TableCell><TableCell /></TableRow>
                  </TableHead>
                  <TableBody>
                    {diffs.map((diff) => (
                      <TableRow key={diff.field} data-field={diff.field} data-change={diff.change}>
                        <TableCell>{fieldLabel(resource, diff.field, language)}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-word' }}>{formatValue(resource, diff.field, diff.before, language)}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-word' }}>{formatValue(resource, diff.field, diff.after, language)}</TableCell>
                        <TableCell><Chip size="small" color={COLORS[diff.change]} label={text(diff.change)} /></TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{text('close')}</Button></DialogActions>
    </Dialog>
  );
}
