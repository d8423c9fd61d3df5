/**
 * The systemoperator's search box in the top bar (SPEC sections 2, 5 and 9): after more than two characters
 * and 350 ms without typing it offers the first hits; Enter opens /search/{term}.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import SearchIcon from '@mui/icons-material/Search';
import { Autocomplete, InputAdornment, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { resourceByName } from '@adsuite/config';
import { pathTo, useAbilityState } from '@adsuite/admin/kit';
import { search, TYPE_AHEAD_DEBOUNCE_MS, TYPE_AHEAD_MIN } from './searchApi.ts';

interface Hit {
  entity: string;
  id: string;
  label: string;
}

const HITS_PER_TYPE = 3;

function useHits(term: string): Hit[] {
  const [hits, setHits] = useState<Hit[]>([]);
  useEffect(() => {
    if (term.trim().length < TYPE_AHEAD_MIN) {
      setHits([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(term.trim(), { qty: HITS_PER_TYPE, signal: controller.signal })
        .then((answer) => setHits(Object.entries(answer.results).flatMap(([entity, { items }]) => {
          const def = resourceByName[entity];
          return def ? items.map((item) => ({ entity, id: String(item.id), label: String(item[def.titleField] ?? item.id) })) : [];
        })))
        .catch(() => undefined);
    }, TYPE_AHEAD_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);
  return hits;
}

export function SearchBox() {
  const { user } = useAbilityState();
  const translate = useTranslate();
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const hits = useHits(term);
  if (user?.role !== 'systemoperator') return null;

  const open = (value: string | Hit | null) => {
    if (!value) return;
    if (typeof value === 'string') {
      if (value.trim()) navigate(`/search/${encodeURIComponent(value.trim())}`);
    } else {
      navigate(pathTo(value.entity, 'edit', value.id));
    }
    setTerm('');
  };

  return (
    <Autocomplete<Hit, false, false, true>
      freeSolo
      size="small"
      options={hits}
      filterOptions={(options) => options}
      groupBy={(hit) => translate(`resources.${hit.entity}.name`, { smart_count: 2 })}
      getOptionLabel={(hit) => (typeof hit === 'string' ? hit : hit.label)}
      getOptionKey={(hit) => (typeof hit === 'string' ? hit : `${hit.entity}:${hit.id}`)}
      inputValue={term}
      value={null}
      onInputChange={(_event, value, reason) => reason !== 'reset' && setTerm(value)}
      onChange={(_event, value) => open(value)}
      sx={{ width: { xs: 140, md: 240 }, mx: 1 }}
      renderInput={(params) => (
        <TextField
          {...params}
          variant="outlined"
          margin="none"
          name="topbar-search"
          placeholder={translate('app.search.placeholder')}
          aria-label={translate('app.search.title')}
          sx={{ bgcolor: 'rgba(255,255,255,0.15)', borderRadius: 1, '& .MuiInputBase-root, & input': { color: 'inherit' }, '& fieldset': { border: 'none' } }}
          slotProps={{ input: { ...params.InputProps, startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" sx={{ color: 'inherit' }} /></InputAdornment> } }}
        />
      )}
    />
  );
}
