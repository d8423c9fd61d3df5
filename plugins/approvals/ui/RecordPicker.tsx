/** A filter of the approval screen: one advertiser, campaign or booking, searched by name as one types. */
import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useGetList } from 'react-admin';

interface Named {
  id: string;
  name: string;
}

interface RecordPickerProps {
  resource: 'advertiser' | 'campaign' | 'booking';
  label: string;
  value: Named | null;
  onChange: (value: Named | null) => void;
  /** Narrows the choices (a campaign's advertiser). */
  filter?: Record<string, string>;
}

export function RecordPicker({ resource, label, value, onChange, filter = {} }: RecordPickerProps) {
  const [input, setInput] = useState('');
  // SPEC section 5: search-as-you-type starts after more than 2 characters.
  const q = input.trim().length > 2 && input !== value?.name ? input.trim() : undefined;
  const { data = [], isPending } = useGetList<Named>(resource, {
    pagination: { page: 1, perPage: 25 }, sort: { field: 'created', order: 'DESC' }, filter: { ...filter, ...(q ? { q } : {}) },
  });
  return (
    <Autocomplete
      size="small" sx={{ minWidth: 220, flex: '1 1 220px' }} options={data} loading={isPending} value={value}
      getOptionLabel={(option) => option.name ?? ''} isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      filterOptions={(options) => options}
      onChange={(_, chosen) => onChange(chosen ? { id: String(chosen.id), name: chosen.name } : null)}
      onInputChange={(_, text) => setInput(text)}
      renderInput={(params) => <TextField {...params} label={label} name={`filter-${resource}`} />}
    />
  );
}
