/** A colour of the corporate identity: the browser's colour picker and the #rrggbb it stands for. */
import { Box, InputAdornment, TextField } from '@mui/material';
import { COLOUR } from '../../generator.ts';

interface ColourFieldProps { name: string; label: string; value: string; error?: string; onChange: (value: string) => void }

export function ColourField({ name, label, value, error, onChange }: ColourFieldProps) {
  return (
    <TextField size="small" name={name} label={label} value={value} onChange={(event) => onChange(event.target.value)} error={!!error} helperText={error}
      sx={{ flex: '1 1 110px', minWidth: 110 }}
      slotProps={{
        htmlInput: { maxLength: 7 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box component="input" type="color" aria-label={label} value={COLOUR.test(value) ? value : '#000000'} onChange={(event) => onChange(event.target.value)}
                sx={{ width: 24, height: 24, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }} />
            </InputAdornment>
          ),
        },
      }} />
  );
}
