/**
 * Step 1, general conditions: name and goal, budget (total or per day, 5 EUR a day to begin with) and runtime
 * (end 30 days ahead, or never; dates read DD-MM-YYYY whatever the browser's locale), the channels and their
 * budget split, pacing, special category, call-to-action.
 */
import {
  FormControlLabel, InputAdornment, MenuItem, Stack, Switch, TextField, ToggleButton, ToggleButtonGroup,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { DayField } from '@adsuite/admin/kit';
import { GOALS, MAX_BUDGET, MAX_DAILY_BUDGET, PACING } from '@adsuite/config';
import { CALL_TO_ACTIONS, DEFAULT_DAILY_BUDGET, SPECIAL_CATEGORIES, defaultEndDate, earliestStartDate } from '@adsuite/config/booking/index';
import { ChannelPicker } from './ChannelPicker.tsx';
import { Columns, errorProps, M, Section, useValueLabel, type StepProps } from './fields.tsx';

const number = (text: string) => (text.trim() === '' ? null : Number(text));

function Choice({ field, options, group, value, onChange, errors, readOnly }: {
  field: string; options: readonly string[]; group: string; value: string; onChange: (value: string) => void;
  errors: Record<string, string>; readOnly: boolean;
}) {
  const translate = useTranslate();
  const labelOf = useValueLabel();
  return (
    <TextField select name={field} label={translate(M(`fields.${field}`))} value={value} disabled={readOnly}
      onChange={(event) => onChange(event.target.value)} {...errorProps(errors, field)}>
      {options.map((option) => <MenuItem key={option} value={option}>{labelOf(group, option)}</MenuItem>)}
    </TextField>
  );
}

function Budget({ draft, change, errors, readOnly, startLocked }: StepProps & { startLocked: boolean }) {
  const translate = useTranslate();
  const daily = draft.dailyBudget !== null;
  const amountField = daily ? 'dailyBudget' : 'budget';
  const earliest = earliestStartDate();
  const setMode = (mode: 'daily' | 'total' | null) => {
    if (!mode || (mode === 'daily') === daily) return;
    change(mode === 'daily'
      ? { dailyBudget: draft.budget ?? DEFAULT_DAILY_BUDGET, budget: null }
      : { budget: draft.dailyBudget, dailyBudget: null, continously: false, end: draft.end ?? defaultEndDate(draft.start) });
  };
  return (
    <Section title={M('sections.budget')} description={M('sections.budget_help')}>
      <Stack spacing={2}>
        <ToggleButtonGroup exclusive size="small" color="primary" value={daily ? 'daily' : 'total'} disabled={readOnly}
          onChange={(_event, mode) => setMode(mode)} aria-label={translate(M('budget_mode'))}>
          <ToggleButton value="daily">{translate(M('fields.dailyBudget'))}</ToggleButton>
          <ToggleButton value="total">{translate(M('fields.budget'))}</ToggleButton>
        </ToggleButtonGroup>
        <Columns columns={3}>
          <TextField
            name={amountField} type="number" label={translate(M(`fields.${amountField}`))} value={(daily ? draft.dailyBudget : draft.budget) ?? ''}
            disabled={readOnly} onChange={(event) => change({ [amountField]: number(event.target.value) ?? 0 })}
            slotProps={{ htmlInput: { min: 0, max: daily ? MAX_DAILY_BUDGET : MAX_BUDGET, step: 0.01 }, input: { endAdornment: <InputAdornment position="end">€</InputAdornment> } }}
            {...errorProps(errors, amountField, translate(M('channel_minimum_help')))}
          />
          <DayField
            name="start" label={translate(M('fields.start'))} value={draft.start || null} disabled={readOnly || startLocked} min={earliest}
            onChange={(start) => change({ start: start ?? '' })}
            {...errorProps(errors, 'start', startLocked ? translate(M('start_locked')) : undefined)}
          />
          <DayField
            name="end" label={translate(M('fields.end'))} value={draft.continously ? null : draft.end ?? null} disabled={readOnly || draft.continously}
            min={draft.start || earliest} onChange={(end) => change({ end })}
            {...errorProps(errors, 'end', draft.continously ? translate(M('never_ends')) : undefined)}
          />
        </Columns>
        <FormControlLabel
          label={translate(M('fields.continously'))}
          disabled={readOnly || !daily}
          control={<Switch name="continously" checked={draft.continously}
            onChange={(event) => change({ continously: event.target.checked, end: event.target.checked ? null : defaultEndDate(draft.start) })} />}
        />
      </Stack>
    </Section>
  );
}

export function StepGeneral(props: StepProps & { startLocked: boolean }) {
  const translate = useTranslate();
  const { draft, change, errors, readOnly } = props;
  return (
    <>
      <Section title={M('sections.campaign')}>
        <Columns columns={3}>
          <TextField name="name" label={translate(M('fields.name'))} value={draft.name} disabled={readOnly} required
            onChange={(event) => change({ name: event.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} {...errorProps(errors, 'name')} />
          <Choice field="goal" group="goal" options={GOALS} value={draft.goal} errors={errors} readOnly={readOnly}
            onChange={(goal) => change({ goal: goal as typeof draft.goal })} />
          <TextField name="goalValue" type="number" label={translate(M('fields.goalValue'))} value={draft.goalValue ?? ''} disabled={readOnly}
            onChange={(event) => change({ goalValue: number(event.target.value) })} slotProps={{ htmlInput: { min: 0 } }}
            {...errorProps(errors, 'goalValue', translate(M(`goal_value_help.${draft.goal}`)))} />
        </Columns>
      </Section>
      <Budget {...props} />
      <ChannelPicker draft={draft} change={change} errors={errors} readOnly={readOnly} />
      <Section title={M('sections.delivery')}>
        <Columns columns={3}>
          <Choice field="pacing" group="pacing" options={PACING} value={draft.pacing} errors={errors} readOnly={readOnly}
            onChange={(pacing) => change({ pacing: pacing as typeof draft.pacing })} />
          <Choice field="specialCategory" group="specialCategory" options={SPECIAL_CATEGORIES} value={draft.specialCategory} errors={errors}
            readOnly={readOnly} onChange={(value) => change({ specialCategory: value as typeof draft.specialCategory })} />
          <Choice field="callToAction" group="callToAction" options={CALL_TO_ACTIONS} value={draft.callToAction} errors={errors}
            readOnly={readOnly} onChange={(value) => change({ callToAction: value as typeof draft.callToAction })} />
        </Columns>
      </Section>
    </>
  );
}
