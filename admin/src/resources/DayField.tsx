/**
 * A day typed and shown as DD-MM-YYYY (SPEC section 9) in a form that keeps its own state (the booking wizard),
 * where DayInput serves react-admin's forms: the browser's date input would follow its locale (11/28/2026). The
 * value is the stored day (`2026-11-28`) or null; text that names no day yet changes nothing and reads the value
 * again when the field is left.
 */
import { useEffect, useState } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CalendarButton } from './DayInput.tsx';
import { formatDay, maskDay, parseDay } from './format.ts';

export interface DayFieldProps extends Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'placeholder' | 'slotProps'> {
  name: string;
  value: string | null;
  onChange: (day: string | null) => void;
  /** The earliest day the calendar offers (`2026-05-27`). */
  min?: string;
}

export function DayField({ name, value, onChange, min, disabled, ...props }: DayFieldProps) {
  const translate = useTranslate();
  const [text, setText] = useState(() => formatDay(value));
  // The value changed from outside (a default, the other date, the calendar): show it unless it is what is typed.
  useEffect(() => {
    setText((shown) => (parseDay(shown) === (value || null) && shown.trim() !== '' ? shown : formatDay(value)));
  }, [value]);

  const type = (raw: string) => {
    const next = maskDay(raw);
    setText(next);
    if (next.trim() === '') onChange(null);
    else {
      const day = parseDay(next);
      if (day && day !== value) onChange(day);
    }
  };

  return (
    <TextField
      {...props}
      name={name}
      value={text}
      disabled={disabled}
      placeholder={translate('app.date.day')}
      onChange={(event) => type(event.target.value)}
      onBlur={() => setText(formatDay(value))}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-day-format': 'DD-MM-YYYY' },
        input: { endAdornment: disabled ? undefined : <CalendarButton value={value} min={min} onPick={(day) => onChange(day)} /> },
      }}
    />
  );
}
