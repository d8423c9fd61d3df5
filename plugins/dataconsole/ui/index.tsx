/** The data console's door in the member area: the systemoperator's panel entry opens /sysop/data (AdminJS). */
import StorageIcon from '@mui/icons-material/Storage';
import { onDemand, type PluginUi } from '@adsuite/admin/kit';

const plugin: PluginUi = {
  name: 'dataconsole',
  routes: [{ path: '/dataconsole', title: 'app.data_console.title', component: onDemand(() => import('./OpenConsole.tsx'), 'OpenConsole') }],
  menu: [{ to: '/dataconsole', label: 'app.data_console.title', section: 'sysop', icon: StorageIcon, roles: ['systemoperator'] }],
};

export default plugin;
