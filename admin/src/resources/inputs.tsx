/** One form input per declared field; the field type decides the input, the declaration its validation. */
import type { ReactElement } from 'react';
import {
  AutocompleteArrayInput, AutocompleteInput, BooleanInput, DateInput, DateTimeInput, NumberInput, ReferenceArrayInput,
  ReferenceInput, SelectArrayInput, SelectInput, TextArrayInput, TextInput,
} from 'react-admin';
import type { FieldDef } from '@adsuite/config';
import { JsonInput } from './JsonInput.tsx';
import { validatorsFor } from './validation.ts';

export interface InputOptions {
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
}

/** Inputs take the form's width up to this many pixels. */
const WIDTH = 720;

const choicesOf = (options: readonly string[] = [], label: (value: string) => string = (value) => value) =>
  options.map((option) => ({ id: option, name: label(option) }));

export function inputFor(source: string, field: FieldDef, { label, disabled, defaultValue, canRead, help, valueLabel }: InputOptions): ReactElement {
  const validate = validatorsFor(field);
  const helperText = help ?? (false as const);
  const common = { source, label, disabled, defaultValue, validate, helperText };
  const wide = { fullWidth: true, sx: { maxWidth: WIDTH } };
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
        ? <SelectArrayInput key={source} {...common} choices={choicesOf(field.options)} translateChoice={false} {...wide} />
        : <TextArrayInput key={source} {...common} {...wide} />;
    case 'enum':
      return <SelectInput key={source} {...common} choices={choicesOf(field.options, valueLabel)} translateChoice={false} {...wide} />;
    case 'boolean':
      return <BooleanInput key={source} {...common} />;
    case 'number':
      return <NumberInput key={source} {...common} {...wide} />;
    case 'integer':
      return <NumberInput key={source} {...common} {...wide} step={1} />;
    case 'money':
      return <NumberInput key={source} {...common} {...wide} step={0.01} />;
    case 'date':
      return <DateInput key={source} {...common} {...wide} />;
    case 'datetime':
      return <DateTimeInput key={source} {...common} {...wide} />;
    case 'json':
      return <JsonInput key={source} source={source} label={label} disabled={disabled} defaultValue={defaultValue} validate={validate} {...wide} />;
    case 'textarea':
      return <TextInput key={source} {...common} {...wide} multiline minRows={3} />;
    default:
      return <TextInput key={source} {...common} {...wide} multiline={field.multiline} type={field.type === 'email' ? 'email' : 'text'} />;
  }
}
