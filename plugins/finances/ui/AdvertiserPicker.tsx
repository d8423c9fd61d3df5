/**
 * Choose an advertiser by name or website, searched on the server as you type (SPEC section 5: after more than
 * two characters, debounce 350 ms); before that the first 20 by name. Staff may reach thousands of advertisers,
 * so the list is never loaded whole.
 */
import { useEffect, useState } from 'react';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchAdvertisers } from './financesApi.ts';
import { useText } from './useText.ts';

/** SPEC section 5: search-as-you-type after more than two characters, 350 ms after the last key. */
const DEBOUNCE_MS = 350;
const MORE_THAN = 2;

export interface AdvertiserOption {
  id: string;
  name: string;
}

interface Props {
  value: AdvertiserOption | null;
  onChange: (value: AdvertiserOption | null) => void;
  error?: string;
  disabled?: boolean;
}

export function AdvertiserPicker({ value, onChange, error, disabled }: Props) {
  const text = useText();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim().length > MORE_THAN ? input.trim() : ''), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const options = useQuery({
    queryKey: ['finances', 'advertiser-options', search],
    queryFn: () => searchAdvertisers(search),
    placeholderData: keepPreviousData,
  });
  return (
    <Autocomplete
      value={value}
      options={options.data ?? []}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      // The server searched already; the typed text need not match the name (it may be the website).
      filterOptions={(all) => all}
      onChange={(_event, chosen) => onChange(chosen)}
      onInputChange={(_event, typed, reason) => setInput(reason === 'input' ? typed : '')}
      loading={options.isFetching}
      loadingText={text('manual.searching')}
      noOptionsText={text('manual.no_advertisers')}
      disabled={disabled}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          name="advertiser"
          label={text('manual.advertiser')}
          placeholder={text('manual.advertiser_placeholder')}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: <>{options.isFetching && <CircularProgress color="inherit" size={18} />}{params.InputProps.endAdornment}</>,
            },
          }}
        />
      )}
    />
  );
}
