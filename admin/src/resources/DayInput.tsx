/**
 * A date, or a date and time, typed and shown as SPEC section 9 writes them (DD-MM-YYYY, HH:mm, in UTC) in
 * either language, where the browser's own date input would follow its locale (07.03.2025, 03/07/2025). The
 * calendar button opens the browser's picker. The form holds the stored value (`2025-03-07`, an ISO instant);
 * while the text names no day, it holds the text itself and validation refuses to save it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { IconButton, InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import { FieldTitle, InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';
import { formatDay, maskDay, parseDay } from './format.ts';

interface DayInputProps {
  source: string;
  label?: string | false;
  /** Date and time (a `datetime` field) instead of a day. */
  withTime?: boolean;
  validate?: Validator | Validator[];
  defaultValue?: unknown;
  disabled?: boolean;
  helperText?: string | false;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The stored value as the browser's picker takes it (its wall clock read as UTC). */
function pickerValue(value: unknown, withTime: boolean): string {
  const date = typeof value === 'string' || value instanceof Date ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return withTime ? `${day}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : day;
}

/** Whether the text and the form's value say the same (the value came from this text). */
const readsAsValue = (text: string, value: unknown, withTime: boolean) =>
  (text.trim() === '' && (value === null || value === undefined || value === '')) || parseDay(text, withTime) === value || text === value;

/**
 * The calendar button at a date field's end: it opens the browser's picker (a hidden native input, never typed
 * into, so its locale format never shows) and hands the day picked (`2025-03-07`, or `2025-03-07T14:05`).
 */
export function CalendarButton({ value, withTime = false, min, onPick }: { value: unknown; withTime?: boolean; min?: string; onPick: (picked: string) => void }) {
  const translate = useTranslate();
  const picker = useRef<HTMLInputElement>(null);
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    input.value = pickerValue(value, withTime);
    try {
      input.showPicker();
    } catch {
      input.focus();
    }
  };
  return (
    <InputAdornment position="end" sx={{ position: 'relative' }}>
      <IconButton size="small" edge="end" onClick={openPicker} aria-label={translate('app.date.open_calendar')}>
        <EventIcon fontSize="small" />
      </IconButton>
      <input
        ref={picker}
        type={withTime ? 'datetime-local' : 'date'}
        min={min}
        tabIndex={-1}
        aria-hidden
        onChange={(event) => event.target.value && onPick(event.target.value)}
        style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
      />
    </InputAdornment>
  );
}

export function DayInput({ source, label, withTime = false, validate, defaultValue, disabled, helperText, fullWidth, sx }: DayInputProps) {
  const translate = useTranslate();
  const typed = useRef<string | null>(null);
  const validators = useMemo<Validator[]>(() => {
    const given = validate === undefined ? [] : Array.isArray(validate) ? validate : [validate];
    const readable: Validator = () => {
      const text = typed.current;
      return text === null || text.trim() === '' || parseDay(text, withTime) ? undefined : `app.validation.${withTime ? 'day_time' : 'day'}`;
    };
    return [...given, readable];
  }, [validate, withTime]);
  const { id, field, fieldState, isRequired } = useInput({
    source, validate: validators, defaultValue, disabled, format: (value) => value, parse: (value) => value,
  });
  const [text, setText] = useState(() => formatDay(field.value, withTime));

  // The value changed from outside (record loaded, form reset, the picker): show it.
  useEffect(() => {
    if (typed.current !== null && readsAsValue(typed.current, field.value, withTime)) return;
    typed.current = null;
    setText(formatDay(field.value, withTime));
  }, [field.value, withTime]);

  const onType = (raw: string) => {
    const next = maskDay(raw, withTime) === raw ? raw : maskDay(raw, withTime);
    typed.current = next;
    setText(next);
    field.onChange(next.trim() === '' ? null : parseDay(next, withTime) ?? next);
  };

  const onPick = (picked: string) => {
    typed.current = null;
    field.onChange(withTime ? new Date(`${picked}:00.000Z`).toISOString() : picked);
  };

  const pattern = translate(withTime ? 'app.date.day_time' : 'app.date.day');
  return (
    <TextField
      id={id}
      name={field.name}
      value={text}
      onChange={(event) => onType(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      fullWidth={fullWidth}
      sx={sx}
      className={`ra-input ra-input-${source}`}
      placeholder={pattern}
      label={label === false ? undefined : <FieldTitle label={label} source={source} isRequired={isRequired} />}
      error={fieldState.invalid}
      helperText={helperText === false && !fieldState.invalid ? undefined : <InputHelperText error={fieldState.error?.message} helperText={helperText || undefined} />}
      slotProps={{
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-day-format': withTime ? 'DD-MM-YYYY HH:mm' : 'DD-MM-YYYY' },
        input: { endAdornment: disabled ? undefined : <CalendarButton value={field.value} withTime={withTime} onPick={onPick} /> },
      }}
    />
  );
}
