/**
 * Finance screens (SPEC sections 2 and 6, plugins/finances README): advertiser and publisher finances, the
 * accounting overview and the systemoperator's manual booking (/advertiser/transaction).
 */
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { onDemand, type PluginUi } from '@adsuite/admin/kit';

const plugin: PluginUi = {
  name: 'finance-pages',
  routes: [
    { path: '/advertiser/finances', title: 'app.advertiser_finances.title', component: onDemand(() => import('./AdvertiserFinances.tsx'), 'AdvertiserFinances') },
    { path: '/p/finances', title: 'app.publisher_finances.title', component: onDemand(() => import('./PublisherFinances.tsx'), 'PublisherFinances') },
    { path: '/accounting', title: 'app.accounting.title', component: onDemand(() => import('./Accounting.tsx'), 'Accounting') },
    { path: '/advertiser/transaction', title: 'app.advertiser_transaction.title', component: onDemand(() => import('./AdvertiserTransaction.tsx'), 'AdvertiserTransaction') },
  ],
  menu: [
    { to: '/accounting', label: 'app.accounting.title', section: 'main', icon: AccountBalanceIcon, rank: 55, roles: ['accounting'] },
    { to: '/accounting', label: 'app.accounting.title', section: 'admin', roles: ['systemoperator'] },
    { to: '/advertiser/transaction', label: 'app.advertiser_transaction.title', section: 'sysop', roles: ['systemoperator'] },
  ],
};

export default plugin;
