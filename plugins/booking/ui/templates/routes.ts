/** Booking templates replace the generated screens at their declared paths. */
import type { PluginRoute } from '@adsuite/admin/kit';
import { TemplateList } from './TemplateList.tsx';
import { TemplateCreate, TemplateEdit } from './TemplateScreens.tsx';

export const bookingTemplateRoutes: PluginRoute[] = [
  { path: '/bookingtemplate', title: 'app.booking_templates.title', component: TemplateList },
  { path: '/bookingtemplate/create', title: 'app.booking_templates.create_title', component: TemplateCreate },
  { path: '/bookingtemplate/update/:id', title: 'app.booking_templates.edit_title', component: TemplateEdit },
];
