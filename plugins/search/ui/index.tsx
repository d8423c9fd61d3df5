/** Global search for the systemoperator: the results page and the top bar's search box. */
import { onDemand, type PluginUi } from '@adsuite/admin/kit';
import { SearchBox } from './SearchBox.tsx';

const plugin: PluginUi = {
  name: 'search',
  routes: [{ path: '/search/:term', title: 'app.search.title', component: onDemand(() => import('./SearchPage.tsx'), 'SearchPage') }],
  widgets: { topBar: [SearchBox] },
};

export default plugin;
