/** The side menu: the dashboard and every declared resource the user may read, at its SPEC list path. */
import ListIcon from '@mui/icons-material/ViewList';
import { Menu as RaMenu, useGetResourceLabel } from 'react-admin';
import { resources } from '@adsuite/config';
import { useCan } from '../abilities/AbilityProvider.tsx';

export function Menu() {
  const can = useCan();
  const labelOf = useGetResourceLabel();
  return (
    <RaMenu>
      <RaMenu.DashboardItem primaryText="app.menu.dashboard" />
      {resources
        .filter((resource) => can('read', resource.name))
        .map((resource) => (
          <RaMenu.Item key={resource.name} to={resource.routes.list} primaryText={labelOf(resource.name, 2)} leftIcon={<ListIcon />} />
        ))}
    </RaMenu>
  );
}
