/**
 * The coupon history modal (SPEC section 2 "coupon history", section 3 "history entries: date, advertiser, name")
 * over the coupons list: /coupon/history/:id, opened by a coupon row's history link; closing returns to /coupons.
 */
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import { formatDay, ResourceScreen, useMayOpen } from '@adsuite/admin/kit';
import { creativesApi } from '../api.ts';
import { useText } from '../useText.ts';

export function CouponHistoryDialog({ coupon, onClose }: { coupon: string; onClose: () => void }) {
  const text = useText();
  const mayOpen = useMayOpen();
  const history = useQuery({ queryKey: ['creatives', 'coupon', coupon], queryFn: () => creativesApi.couponHistory(coupon), retry: false });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="coupon-history">
      <DialogTitle>{text('coupon_history.title')}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {history.isFetching && <LinearProgress />}
        {history.error && <Alert severity="error" sx={{ m: 2 }}>{(history.error as Error).message}</Alert>}
        {history.data && !history.data.length && <Typography color="text.secondary" sx={{ p: 2 }}>{text('coupon_history.empty')}</Typography>}
        {!!history.data?.length && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{text('coupon_history.date')}</TableCell>
                <TableCell>{text('coupon_history.advertiser')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.data.map((entry) => (
                <TableRow key={`${entry.advertiser}:${entry.date}`} data-history={entry.name}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(entry.date)}</TableCell>
                  <TableCell>
                    {mayOpen('/advertiser/edit/:id') ? <Link component={RouterLink} to={`/advertiser/edit/${entry.advertiser}`}>{entry.name}</Link> : entry.name}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{text('close')}</Button></DialogActions>
    </Dialog>
  );
}

/** The coupons list with one coupon's history open above it. */
export function CouponHistoryScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  return (
    <>
      <ResourceScreen resource="coupon" screen="list" />
      {id && <CouponHistoryDialog coupon={id} onClose={() => navigate('/coupons')} />}
    </>
  );
}
