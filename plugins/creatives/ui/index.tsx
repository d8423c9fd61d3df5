/**
 * The creative tools (SPEC sections 2 and 3): the graphics library with its folders (/graphics) and as pictures
 * (/gallery), the banner generator (/banner/create) and the template editor (/banner/template), both full width;
 * the banner embed code and ad preview on a banner's edit screen, and the coupon history over the coupons list.
 */
import { onDemand, type PluginUi } from '@adsuite/admin/kit';
import { BannerEmbedAction, BannerPreviewAction } from './modals/BannerActions.tsx';

const plugin: PluginUi = {
  name: 'creatives',
  routes: [
    { path: '/graphics', title: 'resources.graphic.name', component: onDemand(() => import('./graphics/GraphicsScreen.tsx'), 'GraphicsScreen') },
    { path: '/gallery', title: 'app.gallery.title', component: onDemand(() => import('./graphics/Gallery.tsx'), 'Gallery') },
    { path: '/banner/create', title: 'app.banner_create.title', component: onDemand(() => import('./banner/BannerGenerator.tsx'), 'BannerGenerator'), fullWidth: true },
    { path: '/banner/template', title: 'app.banner_template.title', component: onDemand(() => import('./banner/TemplateEditor.tsx'), 'TemplateEditor'), fullWidth: true },
    { path: '/coupon/history/:id', title: 'resources.coupon.name', component: onDemand(() => import('./modals/CouponHistory.tsx'), 'CouponHistoryScreen') },
  ],
  menu: [{ to: '/gallery', label: 'app.gallery.title', section: 'adtech', roles: ['systemoperator', 'wizard'] }],
  widgets: { recordActions: { banner: [BannerPreviewAction, BannerEmbedAction] } },
};

export default plugin;
