/** Booking templates replace the generated screens at their declared paths. */
import { onDemand, type PluginRoute } from '@adsuite/admin/kit';

export const bookingTemplateRoutes: PluginRoute[] = [
  { path: '/bookingtemplate', title: 'app.booking_templates.title', component: onDemand(() => import('./TemplateList.tsx'), 'TemplateList') },
  { path: '/bookingtemplate/create', title: 'app.booking_templates.create_title', component: onDemand(() => import('./TemplateScreens.tsx'), 'TemplateCreate') },
  { path: '/bookingtemplate/update/:id', title: 'app.booking_templates.edit_title', component: onDemand(() => import('./TemplateScreens.tsx'), 'TemplateEdit') },
];
