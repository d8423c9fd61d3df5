/**
 * A GeoJSON point (`{ type: 'Point', coordinates: [lng, lat] }`, a booking marker's geometry) entered as
 * latitude and longitude. Both empty is no point (null); one of them alone, or a number off the globe, stays in
 * the form as an incomplete point that validation refuses to save.
 */
import { useEffect, useState } from 'react';
import { Stack, TextField } from '@mui/material';
import { InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';

interface PointInputProps {
  source: string;
  label: string;
  disabled?: boolean;
  validate?: Validator | Validator[];
}

type Coordinates = { lat: string; lng: string };

function coordinatesOf(value: unknown): Coordinates {
  const coordinates = value && typeof value === 'object' && Array.isArray((value as { coordinates?: unknown }).coordinates)
    ? (value as { coordinates: unknown[] }).coordinates : [];
  const text = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? String(n) : '');
  return { lng: text(coordinates[0]), lat: text(coordinates[1]) };
}

const number = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

export function PointInput({ source, label, disabled, validate }: PointInputProps) {
  const translate = useTranslate();
  const { id, field, fieldState } = useInput({ source, validate, disabled, format: (value) => value, parse: (value) => value });
  const [typed, setTyped] = useState<Coordinates>(() => coordinatesOf(field.value));

  // The value changed from outside (record loaded, form reset): show it.
  useEffect(() => {
    const shown = coordinatesOf(field.value);
    setTyped((current) => (number(current.lat) === number(shown.lat) && number(current.lng) === number(shown.lng) ? current : shown));
  }, [field.value]);

  const change = (next: Coordinates) => {
    setTyped(next);
    const [lat, lng] = [number(next.lat), number(next.lng)];
    field.onChange(lat === null && lng === null ? null : { type: 'Point', coordinates: [lng ?? Number.NaN, lat ?? Number.NaN] });
  };

  const common = { size: 'small' as const, disabled, error: fieldState.invalid, onBlur: field.onBlur, sx: { width: 130 } };
  return (
    <Stack role="group" aria-label={translate(label, { _: label })} sx={{ mt: 1, mb: 0.5 }}>
      <Stack direction="row" spacing={1}>
        <TextField
          {...common}
          id={id}
          name={`${field.name}.lat`}
          label={translate('app.json.latitude')}
          value={typed.lat}
          onChange={(event) => change({ ...typed, lat: event.target.value })}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          {...common}
          name={`${field.name}.lng`}
          label={translate('app.json.longitude')}
          value={typed.lng}
          onChange={(event) => change({ ...typed, lng: event.target.value })}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      {fieldState.invalid && <InputHelperText error={fieldState.error?.message} />}
    </Stack>
  );
}
