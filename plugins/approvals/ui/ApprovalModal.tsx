/**
 * The Sale Approval modal (Click Approval for clicks), SPEC section 5: the cart value adjusted in steps of 0.01
 * euro; the provision in percent when the conversion has a percentage commission (final provision = adjusted cart
 * value / 100 x percent, two decimals), else in euros; a click's provision in steps of 1 euro. OK approves with
 * these values, Cancel rejects (SPEC section 4).
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { EVENT_MONEY_MAX, finalProvision } from '@adsuite/config/approvals';
import type { EventChange, EventRow } from './eventApi.ts';
import { eventId } from './eventApi.ts';
import { useText } from './useText.ts';
import { formatEuros } from '@adsuite/config/i18n/format';

interface ApprovalModalProps {
  row: EventRow;
  busy: boolean;
  onDecide: (change: EventChange) => void;
  onClose: () => void;
}

const parse = (text: string) => (text.trim() === '' ? NaN : Number(text.replace(',', '.')));
const valid = (value: number, max: number) => Number.isFinite(value) && value >= 0 && value <= max;

export function ApprovalModal({ row, busy, onDecide, onClose }: ApprovalModalProps) {
  const text = useText();
  const conversion = 'conversionId' in row ? row : null;
  const percentMode = conversion?.commissionPercent !== null && conversion?.commissionPercent !== undefined;
  const [cart, setCart] = useState(conversion ? String(conversion.adjustedCartValue ?? conversion.cartValue) : '');
  const [percent, setPercent] = useState(percentMode ? String(conversion!.commissionPercent) : '');
  const [euros, setEuros] = useState(String(conversion ? conversion.commission : 'provision' in row ? row.provision : 0));
  const cartValue = parse(cart);
  const percentValue = parse(percent);
  const euroValue = parse(euros);
  const cartOk = !conversion || (valid(cartValue, EVENT_MONEY_MAX) && Math.abs(cartValue * 100 - Math.round(cartValue * 100)) < 1e-6);
  const provisionOk = percentMode ? valid(percentValue, 100) : valid(euroValue, EVENT_MONEY_MAX);
  const final = conversion && cartOk && provisionOk ? finalProvision(cartValue, percentMode ? percentValue : null, euroValue) : null;
  const approve = () => {
    if (conversion) {
      onDecide({ conversionId: conversion.conversionId, approved: true, adjustedCartValue: cartValue, ...(percentMode ? { commissionPercent: percentValue } : { commissionPercent: null, provision: Math.round(euroValue * 100) / 100 }) });
    } else {
      onDecide({ clickId: eventId(row), approved: true, provision: Math.round(euroValue * 100) / 100 });
    }
  };
  const reject = () => onDecide(conversion ? { conversionId: conversion.conversionId, approved: false } : { clickId: eventId(row), approved: false });
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" data-testid="approval-modal">
      <DialogTitle>{text(conversion ? 'events.sale_title' : 'events.click_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {conversion && (
            <>
              <Typography variant="body2" color="text.secondary">{text('events.original_cart', { value: formatEuros(conversion.cartValue) })}</Typography>
              <TextField
                label={text('events.adjusted_cart')} name="adjustedCartValue" type="number" value={cart} onChange={(e) => setCart(e.target.value)}
                error={!cartOk} helperText={cartOk ? ' ' : text('events.bad_cart', { max: EVENT_MONEY_MAX })}
                slotProps={{ htmlInput: { step: 0.01, min: 0 }, input: { endAdornment: <InputAdornment position="end">€</InputAdornment> } }}
              />
            </>
          )}
          {percentMode ? (
            <TextField
              label={text('events.provision_percent')} name="commissionPercent" type="number" value={percent} onChange={(e) => setPercent(e.target.value)}
              error={!provisionOk} helperText={provisionOk ? ' ' : text('events.bad_percent')}
              slotProps={{ htmlInput: { step: 1, min: 0, max: 100 }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
            />
          ) : (
            <TextField
              label={text('events.provision_euro')} name="provision" type="number" value={euros} onChange={(e) => setEuros(e.target.value)}
              error={!provisionOk} helperText={provisionOk ? ' ' : text('events.bad_provision', { max: EVENT_MONEY_MAX })}
              slotProps={{ htmlInput: { step: 1, min: 0 }, input: { endAdornment: <InputAdornment position="end">€</InputAdornment> } }}
            />
          )}
          {conversion && <Typography data-testid="final-provision" fontWeight={600}>{text('events.final_provision', { value: final === null ? '–' : formatEuros(final) })}</Typography>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={reject} disabled={busy} color="error" name="modal-reject">{text('events.cancel_reject')}</Button>
        <Button onClick={approve} disabled={busy || !cartOk || !provisionOk} variant="contained" name="modal-ok">{text('events.ok_approve')}</Button>
      </DialogActions>
    </Dialog>
  );
}
