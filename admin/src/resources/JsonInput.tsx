/**
 * A JSON field edited as text. The form holds the parsed value; while the text does not parse, the form
 * holds the text itself and validation refuses to save it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { TextField, type SxProps, type Theme } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, type Validator } from 'react-admin';
import { isJsonText } from './validation.ts';

interface JsonInputProps {
  source: string;
  label?: string;
  validate?: Validator[];
  defaultValue?: unknown;
  disabled?: boolean;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

const toText = (value: unknown) => (value === undefined || value === null ? '' : JSON.stringify(value, null, 2));
const readsAsValue = (text: string, value: unknown) =>
  isJsonText(text) ? JSON.stringify(JSON.parse(text)) === JSON.stringify(value ?? null) : text === value;

export function JsonInput({ source, label, validate = [], defaultValue, disabled, fullWidth, sx }: JsonInputProps) {
  const typed = useRef<string | null>(null);
  const validators = useMemo<Validator[]>(
    () => [...validate, () => (typed.current === null || typed.current === '' || isJsonText(typed.current) ? undefined : 'app.validation.json')],
    [validate],
  );
  const { id, field, fieldState, isRequired } = useInput({
    source, validate: validators, defaultValue, disabled, format: (value) => value, parse: (value) => value,
  });
  const [text, setText] = useState(() => toText(field.value));

  // The value changed from outside (record loaded, form reset): show it.
  useEffect(() => {
    if (typed.current !== null && readsAsValue(typed.current, field.value)) return;
    typed.current = null;
    setText(toText(field.value));
  }, [field.value]);

  const onChange = (next: string) => {
    typed.current = next;
    setText(next);
    field.onChange(next.trim() === '' ? null : isJsonText(next) ? JSON.parse(next) : next);
  };

  return (
    <TextField
      id={id}
      name={field.name}
      value={text}
      onChange={(event) => onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      multiline
      minRows={2}
      maxRows={12}
      fullWidth={fullWidth}
      sx={sx}
      className={`ra-input ra-input-${source}`}
      slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
      error={fieldState.invalid}
      helperText={<InputHelperText error={fieldState.error?.message} />}
    />
  );
}
