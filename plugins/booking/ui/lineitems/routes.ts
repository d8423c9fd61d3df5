/** Line items replace the generated list and update screens. */
import type { PluginRoute } from '@adsuite/admin/kit';
import { LineItemEdit } from './LineItemEdit.tsx';
import { LineItemList } from './LineItemList.tsx';

export const lineItemRoutes: PluginRoute[] = [
  { path: '/lineitems', title: 'app.lineitems.title', component: LineItemList },
  { path: '/lineitem/update/:id', title: 'app.lineitems.edit_title', component: LineItemEdit },
];
