/**
 * Stand-ins for the finance screens (advertiser and publisher finances, accounting, booking a transaction)
 * until the finances plugin brings its own: a route of another plugin at the same path replaces these.
 */
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { PlannedScreen, type PluginUi } from '@adsuite/admin/kit';

const AdvertiserFinances = () => <PlannedScreen title="app.advertiser_finances.title" intro="app.advertiser_finances.intro" links={[{ to: '/transactions', label: 'resources.transaction.name' }, { to: '/invoices', label: 'resources.invoice.name' }]} />;
const PublisherFinances = () => <PlannedScreen title="app.publisher_finances.title" intro="app.publisher_finances.intro" links={[{ to: '/p', label: 'app.publisher_area.title' }]} />;
const Accounting = () => <PlannedScreen title="app.accounting.title" intro="app.accounting.intro" links={[{ to: '/invoices', label: 'resources.invoice.name' }, { to: '/creditnotes', label: 'resources.creditnote.name' }]} />;
const AdvertiserTransaction = () => <PlannedScreen title="app.advertiser_transaction.title" intro="app.advertiser_transaction.intro" links={[{ to: '/transactions', label: 'resources.transaction.name' }]} />;

const plugin: PluginUi = {
  name: 'finance-pages',
  routes: [
    { path: '/advertiser/finances', title: 'app.advertiser_finances.title', component: AdvertiserFinances, placeholder: true },
    { path: '/p/finances', title: 'app.publisher_finances.title', component: PublisherFinances, placeholder: true },
    { path: '/accounting', title: 'app.accounting.title', component: Accounting, placeholder: true },
    { path: '/advertiser/transaction', title: 'app.advertiser_transaction.title', component: AdvertiserTransaction, placeholder: true },
  ],
  menu: [
    { to: '/accounting', label: 'app.accounting.title', section: 'main', icon: AccountBalanceIcon, rank: 55, roles: ['accounting'] },
    { to: '/accounting', label: 'app.accounting.title', section: 'admin', roles: ['systemoperator'] },
    { to: '/advertiser/transaction', label: 'app.advertiser_transaction.title', section: 'sysop', roles: ['systemoperator'] },
  ],
};

export default plugin;
