/** One form input per declared field; the field type decides the input, the declaration its validation. */
import type { ReactElement } from 'react';
import {
  AutocompleteArrayInput, AutocompleteInput, BooleanInput, NumberInput, ReferenceArrayInput, ReferenceInput, SelectArrayInput, SelectInput,
  TextArrayInput, TextInput, useRecordContext,
} from 'react-admin';
import { channelByKey, type FieldDef } from '@adsuite/config';
import { DayInput } from './DayInput.tsx';
import { fieldInputOf } from './fieldInputs.ts';
import { JsonInput } from './JsonInput.tsx';
import { JsonShapeInput } from './JsonShapeInput.tsx';
import { validatorsFor } from './validation.ts';

export interface InputOptions {
  /** The declared resource the field belongs to. */
  resource: string;
  /** The label key, e.g. `resources.banner.fields.name`. */
  label: string;
  disabled: boolean;
  /** Only on create: the declared default. Its type follows the field type, which the inputs type each their own way. */
  defaultValue?: any;
  /** May the user list the referenced resource? Otherwise a reference is typed as an id. */
  canRead: (resource: string) => boolean;
  /** The declaration's help text in the current language. */
  help?: string;
  /** An enum value as the user reads it. */
  valueLabel?: (value: string) => string;
  /** May the user see and edit JSON as it is stored (free-form data, values of another shape): the systemoperator. */
  rawJson: boolean;
  /** May the user give an enum field this value (FieldDef.optionRoles)? Unset: every option. */
  givable?: (option: string) => boolean;
}

/** Inputs take the form's width up to this many pixels. */
const WIDTH = 720;

const choicesOf = (options: readonly string[] = [], label: (value: string) => string = (value) => value) =>
  options.map((option) => ({ id: option, name: label(option) }));

/**
 * An enum's choices: the options the user may give, and the record's own value (shown, not offered anew), so that
 * a record holding an option the user may not give still reads right.
 */
function EnumInput({ options, givable, valueLabel, ...props }: {
  source: string; label: string; disabled: boolean; defaultValue?: unknown; validate: ReturnType<typeof validatorsFor>; helperText: string | false;
  options: readonly string[]; givable: (option: string) => boolean; valueLabel?: (value: string) => string; fullWidth: boolean; sx: object;
}) {
  const record = useRecordContext();
  const stored = record?.[props.source];
  const choices = options.filter((option) => givable(option) || option === stored)
    .map((option) => ({ id: option, name: valueLabel ? valueLabel(option) : option, disabled: !givable(option) }));
  return <SelectInput {...props} choices={choices} translateChoice={false} />;
}

export function inputFor(source: string, field: FieldDef, options: InputOptions): ReactElement {
  const { resource, label, disabled, defaultValue, canRead, help, valueLabel, rawJson, givable } = options;
  const validate = validatorsFor(field);
  const helperText = help ?? (false as const);
  const common = { source, label, disabled, defaultValue, validate, helperText };
  const wide = { fullWidth: true, sx: { maxWidth: WIDTH } };
  // A plugin may give a field an input of its own (widgets.fieldInputs), e.g. the record a sync job synchronises.
  const Override = fieldInputOf(resource, source);
  if (Override) return <Override key={source} source={source} field={field} {...options} />;
  const ref = field.ref && canRead(field.ref) ? field.ref : undefined;
  switch (field.type) {
    case 'ref':
      if (!ref) return <TextInput key={source} {...common} {...wide} />;
      return (
        <ReferenceInput key={source} source={source} reference={ref}>
          <AutocompleteInput label={label} disabled={disabled} defaultValue={defaultValue} validate={validate} helperText={helperText} {...wide} />
        </ReferenceInput>
      );
    case 'refMany':
      if (!ref) return <TextArrayInput key={source} {...common} {...wide} />;
      return (
        <ReferenceArrayInput key={source} source={source} reference={ref}>
          <AutocompleteArrayInput label={label} disabled={disabled} defaultValue={defaultValue} validate={validate} helperText={helperText} {...wide} />
        </ReferenceArrayInput>
      );
    case 'stringList':
      return field.options
        ? <SelectArrayInput key={source} {...common} choices={choicesOf(field.options, (value) => channelByKey[value]?.name ?? valueLabel?.(value) ?? value)} translateChoice={false} {...wide} />
        : <TextArrayInput key={source} {...common} {...wide} />;
    case 'enum':
      if (field.optionRoles && givable) {
        return <EnumInput key={source} {...common} {...wide} options={field.options ?? []} givable={givable} valueLabel={valueLabel} />;
      }
      return <SelectInput key={source} {...common} choices={choicesOf(field.options, valueLabel)} translateChoice={false} {...wide} />;
    case 'boolean':
      return <BooleanInput key={source} {...common} />;
    case 'number':
      return <NumberInput key={source} {...common} {...wide} />;
    case 'integer':
      return <NumberInput key={source} {...common} {...wide} step={1} />;
    case 'money':
      return <NumberInput key={source} {...common} {...wide} step={0.01} />;
    // SPEC section 9: DD-MM-YYYY (and HH:mm) in both languages, not the browser's locale format.
    case 'date':
      return <DayInput key={source} {...common} {...wide} />;
    case 'datetime':
      return <DayInput key={source} {...common} {...wide} withTime />;
    case 'json': {
      const json = { source, label, disabled, defaultValue, validate, ...wide };
      // Free-form JSON (no declared shape) is the systemoperator's; the form leaves it out for everyone else.
      return field.shape
        ? <JsonShapeInput key={source} shape={field.shape} resource={resource} rawJson={rawJson} {...json} />
        : <JsonInput key={source} {...json} />;
    }
    case 'textarea':
      return <TextInput key={source} {...common} {...wide} multiline minRows={3} />;
    default:
      return <TextInput key={source} {...common} {...wide} multiline={field.multiline} type={field.type === 'email' ? 'email' : 'text'} />;
  }
}
