/**
 * A JSON field whose parts SPEC names, entered part by part (jsonShapes.ts): an object as a group of inputs,
 * a list as rows of inputs, reviews and logs as read-only tables. A stored value of another shape keeps the
 * raw JSON editor, so nothing of it is hidden or lost.
 */
import { useState, type ReactElement } from 'react';
import { useWatch } from 'react-hook-form';
import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, type SxProps, type Theme } from '@mui/material';
import {
  ArrayInput, AutocompleteInput, BooleanInput, NumberInput, ReferenceInput, regex, SelectInput, SimpleFormIterator,
  TextInput, useRecordContext, useTranslate, type Validator,
} from 'react-admin';
import { CHANNELS, channelByKey } from '@adsuite/config';
import { useCan } from '../abilities/AbilityProvider.tsx';
import { DayInput } from './DayInput.tsx';
import { formatDay } from './format.ts';
import { JsonInput } from './JsonInput.tsx';
import { fitsShape, reviewRows, type JsonPart, type JsonShape } from './jsonShapes.ts';

interface JsonShapeInputProps {
  shape: JsonShape;
  source: string;
  label: string;
  disabled: boolean;
  defaultValue?: unknown;
  validate?: Validator[];
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

const CHANNEL_CHOICES = CHANNELS.map((channel) => ({ id: channel.key, name: channel.name }));
const URL_RULE = regex(/^https?:\/\/\S+$/, 'app.validation.url');
const partLabel = (part: JsonPart) => `app.json.${part.label ?? part.key}`;
const channelName = (key: unknown) => (typeof key === 'string' ? channelByKey[key]?.name ?? key : '');

function PartInput({ part, source, disabled }: { part: JsonPart; source: string; disabled: boolean }): ReactElement {
  const translate = useTranslate();
  const can = useCan();
  const common = { source, label: partLabel(part), disabled, helperText: false as const };
  switch (part.type) {
    case 'integer':
      return <NumberInput {...common} step={1} sx={{ width: 130 }} />;
    case 'number':
      return <NumberInput {...common} sx={{ width: 130 }} />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'datetime':
      return <DayInput {...common} withTime />;
    case 'channel':
      return <SelectInput {...common} choices={CHANNEL_CHOICES} translateChoice={false} sx={{ minWidth: 200 }} />;
    case 'choice': {
      const choices = (part.choices ?? []).map((id) => ({ id, name: translate(`app.json.choices.${id}`, { _: id }) }));
      return <SelectInput {...common} choices={choices} translateChoice={false} sx={{ minWidth: 140 }} />;
    }
    case 'ref':
      if (part.resource && can('read', part.resource)) {
        return (
          <ReferenceInput source={source} reference={part.resource}>
            <AutocompleteInput label={partLabel(part)} disabled={disabled} helperText={false} sx={{ minWidth: 240 }} />
          </ReferenceInput>
        );
      }
      return <TextInput {...common} />;
    case 'url':
      return <TextInput {...common} type="url" validate={URL_RULE} sx={{ minWidth: 280, flex: 1 }} />;
    default:
      return <TextInput {...common} sx={{ minWidth: 160, flex: 1 }} />;
  }
}

function Group({ label, children, sx }: { label: string; children: ReactElement | ReactElement[]; sx?: SxProps<Theme> }) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" className="json-shape" sx={[{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, pb: 1, mb: 1, width: '100%', minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Typography component="legend" variant="caption" color="text.secondary" sx={{ px: 0.5 }}>{translate(label, { smart_count: 1 })}</Typography>
      {children}
    </Box>
  );
}

/** A part's value as read in a table cell. */
function useCellText() {
  const translate = useTranslate();
  return (part: JsonPart, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '';
    if (part.type === 'datetime') return formatDay(value, true);
    if (part.type === 'channel') return channelName(value);
    if (part.type === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
    if (part.type === 'choice') return translate(`app.json.choices.${String(value)}`, { _: String(value) });
    return String(value);
  };
}

function ReadOnlyList({ parts, value }: { parts: readonly JsonPart[]; value: unknown }) {
  const translate = useTranslate();
  const cellText = useCellText();
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  if (!rows.length) return <Typography variant="body2" color="text.secondary">{translate('app.json.empty')}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>{parts.map((part) => <TableCell key={part.key}>{translate(partLabel(part))}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              {parts.map((part) => <TableCell key={part.key} sx={part.type === 'datetime' ? { whiteSpace: 'nowrap' } : undefined}>{cellText(part, row?.[part.key])}</TableCell>)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const REVIEW_COLORS = { approved: 'success', rejected: 'error', not_reviewed: 'default' } as const;

function Reviews({ value }: { value: unknown }) {
  const translate = useTranslate();
  const rows = reviewRows(value);
  if (!rows.length) return <Typography variant="body2" color="text.secondary">{translate('app.json.no_reviews')}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="reviews">
        <TableHead>
          <TableRow>
            {['channel', 'status', 'reason', 'comment'].map((key) => <TableCell key={key}>{translate(`app.json.${key}`)}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((review) => (
            <TableRow key={review.channel}>
              <TableCell>{channelName(review.channel)}</TableCell>
              <TableCell><Chip size="small" color={REVIEW_COLORS[review.status]} label={translate(`app.json.review.${review.status}`)} /></TableCell>
              <TableCell>{review.reason ?? ''}</TableCell>
              <TableCell>{review.comment ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Shaped({ shape, source, label, disabled, sx }: JsonShapeInputProps) {
  const translate = useTranslate();
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
      if (shape.readOnly) return <Group label={label} sx={sx}><ReadOnlyList parts={shape.parts} value={value} /></Group>;
      return (
        <Group label={label} sx={sx}>
          <ArrayInput source={source} label={false} helperText={false}>
            <SimpleFormIterator inline disableReordering disableClear disableAdd={disabled} disableRemove={disabled}>
              {shape.parts.map((part) => <PartInput key={part.key} part={part} source={part.key} disabled={disabled} />)}
            </SimpleFormIterator>
          </ArrayInput>
        </Group>
      );
    case 'reviews':
      return <Group label={label} sx={sx}><Reviews value={value} /></Group>;
    case 'channels': {
      const keys = Array.isArray(value) ? (value as string[]) : [];
      return (
        <Group label={label} sx={sx}>
          {keys.length
            ? <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>{keys.map((key) => <Chip key={key} size="small" label={channelName(key)} />)}</Stack>
            : <Typography variant="body2" color="text.secondary">{translate('app.json.empty')}</Typography>}
        </Group>
      );
    }
  }
}

export function JsonShapeInput(props: JsonShapeInputProps) {
  const record = useRecordContext();
  // Decided once per record: the inputs must not turn into the raw editor while the user types.
  const [fits] = useState(() => fitsShape(props.shape, record ? record[props.source] : props.defaultValue));
  if (!fits) {
    const { shape: _shape, ...raw } = props;
    return <JsonInput {...raw} />;
  }
  return <Shaped {...props} />;
}
