/**
 * The placements (issue 38): a publisher creates its ad slots and copies each one's tag (/placements); staff read
 * the generated list of every publisher's placements there. The ad server that answers the tags is this plugin's
 * server half.
 */
import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import { onDemand, type PluginUi } from '@adsuite/admin/kit';

const plugin: PluginUi = {
  name: 'delivery',
  routes: [{ path: '/placements', title: 'resources.placement.name', component: onDemand(() => import('./Placements.tsx'), 'Placements') }],
  menu: [
    { to: '/placements', label: 'resources.placement.name', section: 'main', icon: ViewQuiltIcon, rank: 12, roles: ['publisher'] },
    { to: '/placements', label: 'resources.placement.name', section: 'management', roles: ['administrator', 'systemoperator'] },
  ],
};

export default plugin;
