/**
 * /lineitem/update/:id: the line item with its bid options (SPEC section 3) and the ad server's delivery limits
 * (frequency caps, delivery days and hours, pacing: docs/delivery.md), these as the generated form declares them.
 * When the line item's channel refuses the save, the user may save anyway; the line item is then switched off and
 * activated later. Other errors of a refused save show at their inputs (SPEC section 8).
 */
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Card, CardContent, Grid, Typography } from '@mui/material';
import {
  BooleanInput, EditBase, Form, FunctionField, HttpError, Labeled, NumberInput, ReferenceField, SaveButton, SelectInput, TextInput, Title,
  Toolbar, useEditContext, useNotify, useRedirect, useTranslate, type RaRecord,
} from 'react-admin';
import { BID_TYPES } from '@adsuite/config';
import { changeRows } from '@adsuite/config/resources/jsonShapes';
import { DeclaredInput, useAbilityState, useCan, usePageTitle } from '@adsuite/admin/kit';
import { forceSaveLineItem, saveLineItem } from './lineItemApi.ts';
import { BIDDING_PATH, bidIsPercent, channelName, inputErrors, mayForceSave, type LineItemRow } from './lineItemRules.ts';
import { LineItemState } from './LineItemState.tsx';
import { RecordNotFound, STAY_ON_ERROR } from '../list/NotFound.tsx';
import { ForceSaveDialog } from './ForceSaveDialog.tsx';
import { LineItemReview } from './LineItemReview.tsx';

const LIST = '/lineitems';
const field = (name: string) => `resources.lineitem.fields.${name}`;
const WRITABLE = [
  'name', 'active', 'landingDomain', 'bidType', 'bidPrice', 'pacing', 'autoapprove', 'dailyBudget', 'budget', 'specifics',
  'capDay', 'capTotal', 'deliveryDays', 'deliveryHours',
];
const writable = (values: Record<string, unknown>) => Object.fromEntries(WRITABLE.filter((key) => key in values).map((key) => [key, values[key]]));

function Section({ name }: { name: string }) {
  const translate = useTranslate();
  return <Typography variant="subtitle1" sx={{ mt: 1, fontWeight: 600 }}>{translate(`app.lineitems.sections.${name}`)}</Typography>;
}

function BidPriceInput({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const bidType = useWatch({ name: 'bidType' }) as string | undefined;
  return (
    <NumberInput source="bidPrice" label={translate(`app.lineitems.target.${bidType ?? 'CPC'}`)} min={0} step={bidIsPercent(bidType) ? 0.1 : 0.01} disabled={disabled} fullWidth />
  );
}

function LineItemFields({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const half = { xs: 12, md: 6 };
  const third = { xs: 12, md: 4 };
  return (
    <Grid container spacing={2}>
      <Grid size={12}><Section name="general" /></Grid>
      <Grid size={half}><TextInput source="name" label={field('name')} disabled={disabled} fullWidth /></Grid>
      <Grid size={half}><Labeled label={field('campaign')}><ReferenceField source="campaign" reference="campaign" link={false} /></Labeled></Grid>
      <Grid size={half}><Labeled label={field('channel')}><FunctionField source="channel" render={(item: RaRecord) => channelName.get(item.channel) ?? item.channel} /></Labeled></Grid>
      <Grid size={half}><TextInput source="landingDomain" label={field('landingDomain')} disabled={disabled} fullWidth /></Grid>
      <Grid size={{ xs: 12, md: 6 }}><BooleanInput source="active" label={field('active')} disabled={disabled} /></Grid>
      <Grid size={{ xs: 12, md: 6 }}><Labeled label={field('active')}><FunctionField render={(item: RaRecord) => <LineItemState item={item as LineItemRow} />} /></Labeled></Grid>
      <Grid size={12}><Section name="bidding" /></Grid>
      <Grid size={third}>
        <SelectInput source="bidType" label={field('bidType')} choices={BID_TYPES.map((id) => ({ id, name: id }))} disabled={disabled} fullWidth />
      </Grid>
      <Grid size={third}><BidPriceInput disabled={disabled} /></Grid>
      <Grid size={third}>
        <NumberInput source="currentBid" label={field('currentBid')} helperText={translate('app.lineitems.current_bid_help')} disabled fullWidth />
      </Grid>
      <Grid size={third}>
        <NumberInput source={`${BIDDING_PATH}.changeRange`} label="app.lineitems.change_range" helperText={translate('app.lineitems.change_range_help')} min={0} max={100} disabled={disabled} fullWidth />
      </Grid>
      <Grid size={third}>
        <NumberInput source={`${BIDDING_PATH}.okRange`} label="app.lineitems.ok_range" helperText={translate('app.lineitems.ok_range_help')} min={0} max={100} disabled={disabled} fullWidth />
      </Grid>
      <Grid size={third}><DeclaredInput resource="lineitem" source="pacing" disabled={disabled} /></Grid>
      <Grid size={12}><BooleanInput source="autoapprove" label={field('autoapprove')} disabled={disabled} /></Grid>
      <Grid size={12}><Section name="delivery" /></Grid>
      <Grid size={half}><NumberInput source="dailyBudget" label={field('dailyBudget')} min={0} step={0.01} disabled={disabled} fullWidth /></Grid>
      <Grid size={half}><NumberInput source="budget" label={field('budget')} min={0} step={0.01} disabled={disabled} fullWidth /></Grid>
      <Grid size={12}><Section name="limits" /></Grid>
      <Grid size={half}><DeclaredInput resource="lineitem" source="capDay" disabled={disabled} /></Grid>
      <Grid size={half}><DeclaredInput resource="lineitem" source="capTotal" disabled={disabled} /></Grid>
      <Grid size={half}><DeclaredInput resource="lineitem" source="deliveryDays" disabled={disabled} /></Grid>
      <Grid size={half}><DeclaredInput resource="lineitem" source="deliveryHours" disabled={disabled} /></Grid>
    </Grid>
  );
}

function LineItemForm() {
  const { record, error } = useEditContext();
  const can = useCan();
  const notify = useNotify();
  const redirect = useRedirect();
  const [refused, setRefused] = useState<{ reason: string; values: Record<string, unknown> } | null>(null);
  const [busy, setBusy] = useState(false);
  const translate = useTranslate();
  const title = `${translate('app.lineitems.edit_title')}${record ? `: ${record.name}` : ''}`;
  usePageTitle(title);
  if (error) return <RecordNotFound title="app.lineitems.edit_title" />;
  if (!record) return null;
  const id = String(record.id);
  const mayChange = can('update', 'lineitem', record);

  const save = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      const saved = await saveLineItem(id, writable(values));
      // A live booking's line item keeps its previous values until staff approve the change.
      const waits = (changeRows(saved?.changes) ?? []).length > 0;
      notify(waits ? 'app.lineitems.awaiting_review' : 'app.notification.updated', { type: waits ? 'info' : 'success' });
      redirect(LIST);
    } catch (error) {
      const status = error instanceof HttpError ? error.status : undefined;
      const reason = (error as Error)?.message || 'app.notification.unknown_error';
      // Errors at inputs (a value out of range, say) are the user's to fix: saving anyway would not help.
      const atInputs = error instanceof HttpError ? inputErrors(error.body?.errors) : null;
      if (atInputs) {
        notify(reason, { type: 'error' });
        return atInputs;
      }
      if (mayForceSave(status)) setRefused({ reason, values: writable(values) });
      else notify(reason, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const force = async () => {
    if (!refused) return;
    setBusy(true);
    try {
      await forceSaveLineItem(id, refused.values);
      notify('app.lineitems.forced', { type: 'warning' });
      redirect(LIST);
    } catch (error) {
      notify((error as Error)?.message || 'app.notification.unknown_error', { type: 'error' });
    } finally {
      setBusy(false);
      setRefused(null);
    }
  };

  return (
    <Form record={record} onSubmit={save} noValidate>
      <Title title={title} />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <LineItemReview item={record} />
          <LineItemFields disabled={!mayChange} />
        </CardContent>
        {mayChange && <Toolbar><SaveButton disabled={busy} /></Toolbar>}
      </Card>
      <ForceSaveDialog reason={refused?.reason ?? null} busy={busy} onClose={() => setRefused(null)} onForce={force} />
    </Form>
  );
}

export function LineItemEdit() {
  const { ready } = useAbilityState();
  if (!ready) return null;
  return (
    <EditBase resource="lineitem" mutationMode="pessimistic" queryOptions={STAY_ON_ERROR}>
      <LineItemForm />
    </EditBase>
  );
}
