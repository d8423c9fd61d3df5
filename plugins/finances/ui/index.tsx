/**
 * Finance screens (SPEC sections 2 and 6, plugins/finances README): advertiser and publisher finances, the
 * accounting overview and the staff's manual booking (/transaction/new; for the systemoperator also /advertiser/transaction).
 */
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { onDemand, type PluginUi } from '@adsuite/admin/kit';

const AdvertiserTransaction = onDemand(() => import('./AdvertiserTransaction.tsx'), 'AdvertiserTransaction');

const plugin: PluginUi = {
  name: 'finances',
  routes: [
    { path: '/advertiser/finances', title: 'app.advertiser_finances.title', component: onDemand(() => import('./AdvertiserFinances.tsx'), 'AdvertiserFinances') },
    { path: '/p/finances', title: 'app.publisher_finances.title', component: onDemand(() => import('./PublisherFinances.tsx'), 'PublisherFinances') },
    { path: '/accounting', title: 'app.accounting.title', component: onDemand(() => import('./Accounting.tsx'), 'Accounting') },
    { path: '/advertiser/transaction', title: 'app.advertiser_transaction.title', component: AdvertiserTransaction },
    { path: '/transaction/new', title: 'app.advertiser_transaction.title', component: AdvertiserTransaction },
  ],
  menu: [
    { to: '/accounting', label: 'app.accounting.title', section: 'main', icon: AccountBalanceIcon, rank: 55, roles: ['accounting'] },
    { to: '/accounting', label: 'app.accounting.title', section: 'admin', roles: ['systemoperator'] },
    // Every publisher's payout requests as a list of records (they are paid on /accounting).
    { to: '/payouts', label: 'resources.payout.name', section: 'admin', roles: ['systemoperator'] },
    { to: '/advertiser/transaction', label: 'app.advertiser_transaction.title', section: 'sysop', roles: ['systemoperator'] },
  ],
};

export default plugin;
