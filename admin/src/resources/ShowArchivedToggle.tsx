/** The systemoperator's "show deleted" switch: adds `archived: true` to the list's filter. */
import { FormControlLabel, Switch } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

export function ShowArchivedToggle() {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const archived = filterValues.archived === true;
  const toggle = () => {
    const { archived: _dropped, ...others } = filterValues;
    setFilters(archived ? others : { ...others, archived: true }, displayedFilters);
  };
  return (
    <FormControlLabel
      control={<Switch size="small" checked={archived} onChange={toggle} />}
      label={translate('app.list.show_archived')}
    />
  );
}
