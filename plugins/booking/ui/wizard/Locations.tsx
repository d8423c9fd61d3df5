/**
 * Geo locations (markers) of a booking: a place with its coordinates and a radius. Without a location or a
 * keyword the reach cannot be estimated (SPEC section 8), which the wizard says.
 */
import { useState } from 'react';
import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import PlaceIcon from '@mui/icons-material/Place';
import { Alert, Box, Button, Chip, FormHelperText, InputAdornment, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { channelByKey } from '@adsuite/config';
import { bookingMarker, MARKER_RADIUS_MAX_KM, markerAddress, placeOfMarker } from '@adsuite/config/booking/index';
import type { Marker } from './draft.ts';
import { M, type StepProps } from './fields.tsx';

const EMPTY = { name: '', lat: '', lng: '', radius: '10' };

/** A marker (the booking's stored shape) from the typed values, or null while one of them is missing or out of range. */
export function markerOf(typed: typeof EMPTY): Marker | null {
  const [lat, lng, radius] = [Number(typed.lat), Number(typed.lng), Number(typed.radius)];
  if (!typed.name.trim() || typed.lat === '' || typed.lng === '') return null;
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && radius > 0 && radius <= MARKER_RADIUS_MAX_KM)) return null;
  return bookingMarker({ name: typed.name, lat, lng, radius });
}

/** `Berlin · 10 km (52.520, 13.405)`, as far as the place is known. */
export function markerLabel(marker: unknown): string {
  const place = placeOfMarker(marker);
  if (!place) return '';
  const at = typeof place.lat === 'number' && typeof place.lng === 'number' ? ` (${place.lat.toFixed(3)}, ${place.lng.toFixed(3)})` : '';
  return `${place.address || place.name}${place.radius ? ` · ${place.radius} km` : ''}${at}`;
}

export function Locations({ draft, change, errors, readOnly }: StepProps) {
  const translate = useTranslate();
  const [typed, setTyped] = useState(EMPTY);
  const marker = markerOf(typed);
  const keywords = draft.creatives.some((creative) => creative.keywords?.length);
  const needed = draft.channels.filter((channel) => (channelByKey[channel]?.locationneeded ?? false));
  const add = () => {
    if (!marker) return;
    change({ markers: [...draft.markers, marker] });
    setTyped(EMPTY);
  };
  const field = (key: keyof typeof EMPTY, extra: object = {}) => (
    <TextField size="small" name={`marker-${key}`} label={translate(M(`marker.${key}`))} value={typed[key]} disabled={readOnly}
      onChange={(event) => setTyped({ ...typed, [key]: event.target.value })}
      onKeyDown={(event) => event.key === 'Enter' && (event.preventDefault(), add())} {...extra} />
  );
  return (
    <Stack spacing={1.5} data-field="markers">
      {!readOnly && (
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr 1fr auto' }, alignItems: 'start' }}>
          {field('name', { sx: { gridColumn: { xs: '1 / -1', md: 'auto' } } })}
          {field('lat', { type: 'number', slotProps: { htmlInput: { step: 'any', min: -90, max: 90 } } })}
          {field('lng', { type: 'number', slotProps: { htmlInput: { step: 'any', min: -180, max: 180 } } })}
          {field('radius', { type: 'number', slotProps: { htmlInput: { min: 1, max: MARKER_RADIUS_MAX_KM }, input: { endAdornment: <InputAdornment position="end">km</InputAdornment> } } })}
          <Button variant="outlined" startIcon={<AddLocationAltIcon />} disabled={!marker} onClick={add} sx={{ height: 40 }}>
            {translate(M('marker.add'))}
          </Button>
        </Box>
      )}
      {draft.markers.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {draft.markers.map((entry, index) => (
            <Chip
              key={`${markerAddress(entry)}-${index}`}
              icon={<PlaceIcon />}
              label={markerLabel(entry)}
              data-marker={index}
              onDelete={readOnly ? undefined : () => change({ markers: draft.markers.filter((_entry, at) => at !== index) })}
            />
          ))}
        </Stack>
      )}
      {errors.markers && <FormHelperText error>{errors.markers}</FormHelperText>}
      {needed.length > 0 && draft.markers.length === 0 && (
        <FormHelperText>{translate(M('marker.needed_by'), { channels: needed.map((key) => channelByKey[key].name).join(', ') })}</FormHelperText>
      )}
      {draft.markers.length === 0 && !keywords && (
        <Alert severity="info" variant="outlined" data-testid="reach-unavailable">{translate(M('reach_unavailable'))}</Alert>
      )}
    </Stack>
  );
}
