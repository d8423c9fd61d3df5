/**
 * The website details modal (SPEC sections 2 and 3): industry, visitors' origin, monthly visitors, uniques and
 * page views (N/A for 0), average visit duration; "no website details available" when none is given.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { INDUSTRY_LABELS } from '@adsuite/config/i18n/industries';
import type { WebsiteRow } from './api.ts';
import { useFormat, useText } from './useText.ts';

export function WebsiteDetailsDialog({ website, onClose }: { website: WebsiteRow; onClose: () => void }) {
  const text = useText();
  const format = useFormat();
  const [locale] = useLocaleState();
  const { details } = website;
  const na = text('website_details.na');
  const count = (value: number) => (value > 0 ? format.count(value) : na);
  const industry = details.industry ? INDUSTRY_LABELS[details.industry]?.[locale === 'en' ? 'en' : 'de'] ?? details.industry : null;
  const rows: [string, string][] = [
    ['industry', industry ?? na],
    ['origin', details.visitorsOrigin.length ? details.visitorsOrigin.join(', ') : na],
    ['monthly_visitors', count(details.monthlyVisitors)],
    ['monthly_uniques', count(details.monthlyUniques)],
    ['monthly_pageviews', count(details.monthlyPageviews)],
    ['avg_visit_duration', details.avgVisitDuration > 0 ? text('website_details.seconds', { smart_count: details.avgVisitDuration }) : na],
  ];
  const nothing = !industry && !details.visitorsOrigin.length && !details.monthlyVisitors && !details.monthlyUniques && !details.monthlyPageviews && !details.avgVisitDuration;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="website-details">
      <DialogTitle>{text('website_details.title', { name: website.name })}</DialogTitle>
      <DialogContent dividers>
        {nothing && <Typography color="text.secondary" sx={{ mb: 1 }}>{text('website_details.none')}</Typography>}
        <Table size="small">
          <TableBody>
            {rows.map(([key, value]) => (
              <TableRow key={key} data-detail={key}>
                <TableCell component="th" sx={{ color: 'text.secondary', width: '50%' }}>{text(`website_details.${key}`)}</TableCell>
                <TableCell data-value>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{text('actions.close')}</Button></DialogActions>
    </Dialog>
  );
}
