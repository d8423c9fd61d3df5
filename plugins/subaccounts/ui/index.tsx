/** Sub-accounts of an agency or company (SPEC section 2 "/subaccounts, /subaccount/new, /subaccount/edit/{id}", section 6). */
import PeopleIcon from '@mui/icons-material/People';
import { onDemand, type PluginUi } from '@adsuite/admin/kit';

const plugin: PluginUi = {
  name: 'subaccounts',
  routes: [
    { path: '/subaccounts', title: 'app.subaccounts.title', component: onDemand(() => import('./SubaccountList.tsx'), 'SubaccountList') },
    { path: '/subaccount/new', title: 'app.subaccount_new.title', component: onDemand(() => import('./SubaccountScreens.tsx'), 'SubaccountCreate') },
    { path: '/subaccount/edit/:id', title: 'app.subaccount_edit.title', component: onDemand(() => import('./SubaccountScreens.tsx'), 'SubaccountEdit') },
  ],
  menu: [{ to: '/subaccounts', label: 'app.subaccounts.title', section: 'management', icon: PeopleIcon, roles: ['systemoperator', 'agency', 'co_worker'] }],
};

export default plugin;
