/** Global search for the systemoperator: the results page and the top bar's search box. */
import type { PluginUi } from '@adsuite/admin/kit';
import { SearchBox } from './SearchBox.tsx';
import { SearchPage } from './SearchPage.tsx';

const plugin: PluginUi = {
  name: 'search',
  routes: [{ path: '/search/:term', title: 'app.search.title', component: SearchPage }],
  widgets: { topBar: [SearchBox] },
};

export default plugin;
