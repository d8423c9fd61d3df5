/**
 * A JSON field whose parts its declaration names (FieldDef.shape, config/resources/jsonShapes.ts), entered
 * part by part: an object as a group of inputs, a list as rows of inputs, ids as chips of the records they
 * name; reviews, changes and logs as read-only tables. A stored value of another shape is not hidden or lost:
 * the systemoperator gets the raw JSON editor, everyone else a note that only a systemoperator can change it.
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, type SxProps, type Theme } from '@mui/material';
import {
  ArrayInput, AutocompleteArrayInput, AutocompleteInput, BooleanInput, NumberInput, ReferenceArrayInput, ReferenceInput, SelectArrayInput,
  SelectInput, SimpleFormIterator, TextArrayInput, TextInput, useInput, useLocaleState, useRecordContext, useTranslate, type Validator,
} from 'react-admin';
import { CHANNELS, channelByKey, type JsonPart, type JsonShape } from '@adsuite/config';
import { valueLabels } from '@adsuite/config/i18n/index';
import { changeRows, fitsShape, partProblem, reviewRows, valueAt } from '@adsuite/config/resources/jsonShapes';
import { useCan } from '../abilities/AbilityProvider.tsx';
import type { Language } from '../session.ts';
import { DayInput } from './DayInput.tsx';
import { formatDay } from './format.ts';
import { JsonInput } from './JsonInput.tsx';
import { PointInput } from './PointInput.tsx';

interface JsonShapeInputProps {
  shape: JsonShape;
  /** The declared resource the field belongs to (names the fields of a change). */
  resource: string;
  source: string;
  label: string;
  disabled: boolean;
  /** May the user see and edit the value as raw JSON when it does not have the shape (the systemoperator). */
  rawJson: boolean;
  defaultValue?: unknown;
  validate?: Validator[];
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

/** A row of a list's inputs wraps where the form is narrow, instead of running past its edge. */
const ROWS_WRAP = { '& .RaSimpleFormIterator-form': { flexWrap: 'wrap', flex: 1, columnGap: 2, rowGap: 0 } };
const CHANNEL_CHOICES = CHANNELS.map((channel) => ({ id: channel.key, name: channel.name }));
const channelName = (key: unknown) => (typeof key === 'string' ? channelByKey[key]?.name ?? key : '');

function usePartText() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = (locale === 'en' ? 'en' : 'de') as Language;
  const shared = valueLabels[language] as Record<string, string>;
  return {
    label: (part: JsonPart) => part.label[language],
    /** A choice as people read it: the shape's own label, else the product's label for the value, else as stored. */
    choice: (value: string) => channelByKey[value]?.name ?? translate(`app.json.choices.${value}`, { _: shared[value] ?? value }),
  };
}

/** The form's check of one part: the same rule as the declaration's (partProblem), in the reader's words. */
function partValidator(part: JsonPart): Validator {
  return (value: unknown) => {
    const found = partProblem(part, value);
    switch (found?.problem) {
      case undefined: return undefined;
      case 'required': return 'ra.validation.required';
      case 'number': return 'ra.validation.number';
      case 'integer': return 'app.validation.integer';
      case 'min': return { message: 'ra.validation.minValue', args: { min: found.min } };
      case 'max': return { message: 'ra.validation.maxValue', args: { max: found.max } };
      case 'url': return 'app.validation.url';
      case 'datetime': return 'app.validation.day_time';
      case 'point': return 'app.validation.point';
      case 'texts': return 'app.validation.texts';
      default: return 'app.validation.choice';
    }
  };
}

/** A value every entry of a list carries as it is (a marker's `type: 'Feature'`); new entries get it too. */
function FixedValue({ source, defaultValue }: { source: string; defaultValue: string }) {
  useInput({ source, defaultValue });
  return null;
}

function PartInput({ part, source, disabled }: { part: JsonPart; source: string; disabled: boolean }): ReactElement {
  const can = useCan();
  const text = usePartText();
  const label = text.label(part);
  // Parts share a row: each input takes the width its part needs, not the whole row (react-admin's default).
  const common = { source, label, disabled, helperText: false as const, validate: partValidator(part), fullWidth: false };
  const choices = (values: readonly string[]) => values.map((id) => ({ id, name: text.choice(id) }));
  switch (part.type) {
    case 'integer':
      return <NumberInput {...common} step={1} sx={{ width: 140 }} />;
    case 'number':
      return <NumberInput {...common} sx={{ width: 140 }} />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'datetime':
      return <DayInput {...common} withTime sx={{ width: 210 }} />;
    case 'channel':
      return <SelectInput {...common} choices={CHANNEL_CHOICES} translateChoice={false} sx={{ minWidth: 200 }} />;
    case 'choice':
      return <SelectInput {...common} choices={choices(part.choices ?? [])} translateChoice={false} sx={{ minWidth: 160 }} />;
    case 'ref':
      if (part.resource && can('read', part.resource)) {
        return (
          <ReferenceInput source={source} reference={part.resource}>
            <AutocompleteInput label={label} disabled={disabled} helperText={false} validate={common.validate} sx={{ minWidth: 240, flex: 1 }} />
          </ReferenceInput>
        );
      }
      return <TextInput {...common} />;
    case 'texts':
      return part.choices
        ? <SelectArrayInput {...common} choices={choices(part.choices)} translateChoice={false} sx={{ minWidth: 240 }} />
        : <TextArrayInput {...common} sx={{ minWidth: 240, flex: 1 }} />;
    case 'point':
      return <PointInput {...common} />;
    case 'url':
      return <TextInput {...common} type="url" sx={{ minWidth: 260, flex: 1 }} />;
    default:
      return <TextInput {...common} sx={{ minWidth: 180, flex: 1 }} />;
  }
}

function Group({ label, children, sx }: { label: string; children: ReactNode; sx?: SxProps<Theme> }) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" className="json-shape" sx={[{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, pb: 1, mb: 1, width: '100%', minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Typography component="legend" variant="caption" color="text.secondary" sx={{ px: 0.5 }}>{translate(label, { smart_count: 1 })}</Typography>
      {children}
    </Box>
  );
}

const Empty = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return <Typography variant="body2" color="text.secondary">{translate(text)}</Typography>;
};

/** A read-only table: a header row and the rows' cells as text. */
function ReadOnlyTable({ headers, rows, testId }: { headers: string[]; rows: ReactNode[][]; testId?: string }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>{headers.map((header) => <TableCell key={header}>{header}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, index) => <TableRow key={index}>{cells.map((cell, column) => <TableCell key={column}>{cell}</TableCell>)}</TableRow>)}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A part's value as read in a table cell. */
function useCellText() {
  const translate = useTranslate();
  const text = usePartText();
  return (part: JsonPart, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '';
    switch (part.type) {
      case 'datetime': return formatDay(value, true);
      case 'channel': return channelName(value);
      case 'boolean': return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
      case 'choice': return text.choice(String(value));
      case 'texts': return Array.isArray(value) ? value.map((entry) => text.choice(String(entry))).join(', ') : String(value);
      default: return typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
  };
}

function ReadOnlyList({ parts, value, testId }: { parts: readonly JsonPart[]; value: unknown; testId: string }) {
  const cellText = useCellText();
  const text = usePartText();
  const rows = Array.isArray(value) ? (value as unknown[]) : [];
  if (!rows.length) return <Empty text="app.json.empty" />;
  return <ReadOnlyTable testId={testId} headers={parts.map(text.label)} rows={rows.map((row) => parts.map((part) => cellText(part, valueAt(row, part.key))))} />;
}

const REVIEW_COLORS = { approved: 'success', rejected: 'error', not_reviewed: 'default' } as const;

function Reviews({ value }: { value: unknown }) {
  const translate = useTranslate();
  const rows = reviewRows(value);
  if (!rows.length) return <Empty text="app.json.no_reviews" />;
  return (
    <ReadOnlyTable
      testId="reviews"
      headers={['channel', 'status', 'reason', 'comment'].map((key) => translate(`app.json.${key}`))}
      rows={rows.map((review) => [
        channelName(review.channel),
        <Chip key="status" size="small" color={REVIEW_COLORS[review.status]} label={translate(`app.json.review.${review.status}`)} />,
        review.reason ?? '',
        review.comment ?? '',
      ])}
    />
  );
}

/** A changed value as read: texts and numbers as they are, yes/no for booleans, anything else as JSON. */
function useChangedValue() {
  const translate = useTranslate();
  return (value: unknown) => {
    if (value === null || value === undefined || value === '') return '–';
    if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
}

function Changes({ resource, value }: { resource: string; value: unknown }) {
  const translate = useTranslate();
  const shown = useChangedValue();
  const rows = changeRows(value) ?? [];
  if (!rows.length) return <Empty text="app.json.no_changes" />;
  return (
    <ReadOnlyTable
      testId="changes"
      headers={['field', 'old', 'new'].map((key) => translate(`app.json.${key}`))}
      rows={rows.map((change) => [translate(`resources.${resource}.fields.${change.field}`, { _: change.field }), shown(change.old), shown(change.new)])}
    />
  );
}

function Ids({ resource, source, label, disabled, validate }: { resource: string; source: string; label: string; disabled: boolean; validate?: Validator[] }) {
  const can = useCan();
  const wide = { fullWidth: true, sx: { maxWidth: 720 } };
  if (!can('read', resource)) return <TextArrayInput source={source} label={label} disabled={disabled} validate={validate} helperText={false} {...wide} />;
  return (
    <ReferenceArrayInput source={source} reference={resource}>
      <AutocompleteArrayInput label={label} disabled={disabled} validate={validate} helperText={false} {...wide} />
    </ReferenceArrayInput>
  );
}

function Shaped({ shape, resource, source, label, disabled, validate, sx }: JsonShapeInputProps) {
  const value = useWatch({ name: source });
  switch (shape.kind) {
    case 'object':
      return (
        <Group label={label} sx={sx}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start' }}>
            {shape.parts.map((part) => <PartInput key={part.key} part={part} source={`${source}.${part.key}`} disabled={disabled} />)}
          </Stack>
        </Group>
      );
    case 'list':
      if (shape.readOnly) return <Group label={label} sx={sx}><ReadOnlyList parts={shape.parts} value={value} testId={source} /></Group>;
      return (
        <Group label={label} sx={sx}>
          <ArrayInput source={source} label={false} helperText={false}>
            <SimpleFormIterator inline disableReordering disableClear disableAdd={disabled} disableRemove={disabled} sx={ROWS_WRAP}>
              {Object.entries(shape.fixed ?? {}).map(([key, fixed]) => <FixedValue key={key} source={key} defaultValue={fixed} />)}
              {shape.parts.map((part) => <PartInput key={part.key} part={part} source={part.key} disabled={disabled} />)}
            </SimpleFormIterator>
          </ArrayInput>
        </Group>
      );
    case 'ids':
      return <Ids resource={shape.resource} source={source} label={label} disabled={disabled} validate={validate} />;
    case 'reviews':
      return <Group label={label} sx={sx}><Reviews value={value} /></Group>;
    case 'changes':
      return <Group label={label} sx={sx}><Changes resource={resource} value={value} /></Group>;
    case 'channels': {
      const keys = Array.isArray(value) ? (value as string[]) : [];
      return (
        <Group label={label} sx={sx}>
          {keys.length
            ? <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>{keys.map((key) => <Chip key={key} size="small" label={channelName(key)} />)}</Stack>
            : <Empty text="app.json.empty" />}
        </Group>
      );
    }
  }
}

export function JsonShapeInput(props: JsonShapeInputProps) {
  const record = useRecordContext();
  // Decided once per record: the inputs must not turn into the raw editor while the user types.
  const [fits] = useState(() => fitsShape(props.shape, record ? record[props.source] : props.defaultValue));
  if (fits) return <Shaped {...props} />;
  if (props.rawJson) {
    const { shape: _shape, resource: _resource, rawJson: _raw, ...raw } = props;
    return <JsonInput {...raw} />;
  }
  return <Group label={props.label} sx={props.sx}><Empty text="app.json.only_sysop" /></Group>;
}
