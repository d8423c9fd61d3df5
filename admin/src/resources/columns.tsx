/** One list column per declared field; the field type decides the component. */
import type { ComponentType, ReactElement } from 'react';
import {
  BooleanField, FunctionField, NumberField, ReferenceArrayField, ReferenceField, TextArrayField,
  TextField, UrlField, type RaRecord, type TextArrayFieldProps,
} from 'react-admin';
import { Chip, Stack } from '@mui/material';
import type { FieldDef, ListDef } from '@adsuite/config';
import { formatEuros } from '@adsuite/config/i18n/format';
import { formatDay, formatJson, formatPeriod } from './format.ts';
import { pathTo } from './routes.ts';

export interface ColumnOptions {
  sortable: boolean;
  /** May the user list the referenced resource? Otherwise a reference shows its id. */
  canRead: (resource: string) => boolean;
  /** May the user edit the referenced resource? Only then does a reference link to it. */
  canUpdate: (resource: string) => boolean;
  /** An enum value as the user reads it (`resources.<name>.values.<field>.<value>`, else the value). */
  valueLabel: (field: string, value: unknown) => string;
  label?: string;
}

/** A list of chosen values as chips, each by its label. */
function LabelChips({ values, label }: { values: unknown; label: (value: string) => string }) {
  if (!Array.isArray(values)) return null;
  return <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>{values.map((value) => <Chip key={String(value)} size="small" label={label(String(value))} />)}</Stack>;
}

// Each field component takes its own props; the switch below pairs them correctly.
type AnyField = ComponentType<any>;

/**
 * react-admin's TextArrayField spreads unknown props onto its Stack, so the Datagrid's `sortable` flag would
 * reach the DOM; the Datagrid reads the flag from the element, so the field itself can drop it.
 */
function ChipsField({ sortable: _sortable, ...props }: { sortable?: boolean } & TextArrayFieldProps) {
  return <TextArrayField {...props} />;
}

function componentFor(source: string, field: FieldDef, { canRead, canUpdate, valueLabel }: ColumnOptions): [AnyField, object] {
  const ref = field.ref;
  const labelled: [AnyField, object] = [FunctionField, { render: (record: RaRecord) => (record[source] == null ? '' : valueLabel(source, record[source])) }];
  if (field.labelled) return labelled;
  if (field.code) return [FunctionField, { render: (record: RaRecord) => (record[source] == null ? '' : <code>{String(record[source])}</code>) }];
  switch (field.type) {
    case 'enum':
      return labelled;
    case 'ref':
      if (!ref || !canRead(ref)) return [TextField, {}];
      return [ReferenceField, { reference: ref, link: canUpdate(ref) ? (record: RaRecord) => pathTo(ref, 'edit', record.id) : false }];
    case 'refMany':
      return ref && canRead(ref) ? [ReferenceArrayField, { reference: ref }] : [ChipsField, {}];
    case 'stringList':
      // Chosen values (a creative's channels) read by their labels; free texts (keywords) as they are.
      return field.options
        ? [FunctionField, { render: (record: RaRecord) => <LabelChips values={record[source]} label={(value) => valueLabel(source, value)} /> }]
        : [ChipsField, {}];
    case 'money':
      return [FunctionField, { render: (record: RaRecord) => (record[source] == null || record[source] === '' ? '' : formatEuros(Number(record[source]))), textAlign: 'right', sx: { whiteSpace: 'nowrap' } }];
    case 'number':
    case 'integer':
      return [NumberField, {}];
    case 'boolean':
      return [BooleanField, {}];
    case 'date':
    case 'datetime':
      return [FunctionField, { render: (record: RaRecord) => formatDay(record[source], field.type === 'datetime'), sx: { whiteSpace: 'nowrap' } }];
    case 'json':
      return [FunctionField, { render: (record: RaRecord) => formatJson(record[source]) }];
    case 'url':
      return [UrlField, { target: '_blank', rel: 'noreferrer' }];
    default:
      return [TextField, {}];
  }
}

export function columnFor(source: string, field: FieldDef, options: ColumnOptions): ReactElement {
  const [Field, props] = componentFor(source, field, options);
  return <Field key={source} source={source} sortable={options.sortable} label={options.label} {...props} />;
}

/** A column computed from two dates (ListDef `periods`), e.g. a campaign's runtime. */
export function periodColumn(source: string, period: NonNullable<ListDef['periods']>[string], label: string): ReactElement {
  return (
    <FunctionField
      key={source}
      source={source}
      label={label}
      sortable={false}
      render={(record: RaRecord) => formatPeriod(record[period.from], record[period.to])}
      sx={{ whiteSpace: 'nowrap' }}
    />
  );
}
