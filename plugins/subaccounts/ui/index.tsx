/** Sub-accounts of an agency or advertiser (SPEC section 2 "/subaccounts, /subaccount/new, /subaccount/edit/{id}"). */
import PeopleIcon from '@mui/icons-material/People';
import { PlannedScreen, type PluginUi } from '@adsuite/admin/kit';

const back = [{ to: '/subaccounts', label: 'app.subaccounts.title' }];
const SubAccounts = () => <PlannedScreen title="app.subaccounts.title" intro="app.subaccounts.intro" />;
const NewSubAccount = () => <PlannedScreen title="app.subaccount_new.title" intro="app.subaccount_new.intro" links={back} />;
const EditSubAccount = () => <PlannedScreen title="app.subaccount_edit.title" intro="app.subaccount_edit.intro" links={back} />;

const plugin: PluginUi = {
  name: 'subaccounts',
  routes: [
    { path: '/subaccounts', title: 'app.subaccounts.title', component: SubAccounts, placeholder: true },
    { path: '/subaccount/new', title: 'app.subaccount_new.title', component: NewSubAccount, placeholder: true },
    { path: '/subaccount/edit/:id', title: 'app.subaccount_edit.title', component: EditSubAccount, placeholder: true },
  ],
  menu: [{ to: '/subaccounts', label: 'app.subaccounts.title', section: 'management', icon: PeopleIcon, roles: ['systemoperator', 'agency', 'co_worker'] }],
};

export default plugin;
