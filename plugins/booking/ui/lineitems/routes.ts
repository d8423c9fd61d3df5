/** Line items replace the generated list and update screens. */
import { onDemand, type PluginRoute } from '@adsuite/admin/kit';

export const lineItemRoutes: PluginRoute[] = [
  { path: '/lineitems', title: 'app.lineitems.title', component: onDemand(() => import('./LineItemList.tsx'), 'LineItemList') },
  { path: '/lineitem/update/:id', title: 'app.lineitems.edit_title', component: onDemand(() => import('./LineItemEdit.tsx'), 'LineItemEdit') },
];
