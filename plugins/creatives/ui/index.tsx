/** The creative tools of SPEC section 2: the gallery, the banner generator and the template editor (full width). */
import { PlannedScreen, type PluginUi } from '@adsuite/admin/kit';

const Gallery = () => <PlannedScreen title="app.gallery.title" intro="app.gallery.intro" links={[{ to: '/graphics', label: 'resources.graphic.name' }]} />;
const BannerGenerator = () => <PlannedScreen title="app.banner_create.title" intro="app.banner_create.intro" links={[{ to: '/banners', label: 'resources.banner.name' }, { to: '/banner/template', label: 'app.banner_template.title' }]} />;
const TemplateEditor = () => <PlannedScreen title="app.banner_template.title" intro="app.banner_template.intro" links={[{ to: '/bannertemplates', label: 'resources.bannertemplate.name' }]} />;

const plugin: PluginUi = {
  name: 'creatives',
  routes: [
    { path: '/gallery', title: 'app.gallery.title', component: Gallery, placeholder: true },
    { path: '/banner/create', title: 'app.banner_create.title', component: BannerGenerator, fullWidth: true, placeholder: true },
    { path: '/banner/template', title: 'app.banner_template.title', component: TemplateEditor, fullWidth: true, placeholder: true },
  ],
  menu: [{ to: '/gallery', label: 'app.gallery.title', section: 'adtech', roles: ['systemoperator', 'wizard'] }],
};

export default plugin;
