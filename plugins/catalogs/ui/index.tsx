/**
 * Catalogs (SPEC sections 3 and 4): the catalog screen with its feed import, progress, errors and products; on a
 * campaign's edit screen, the staff's button that generates its top products and referers.
 */
import { onDemand, type PluginUi } from '@adsuite/admin/kit';
import { GenerateTopsButton } from './GenerateTopsButton.tsx';

/** The import's state reads in the import panel of the catalog screen (ImportPanel.tsx), not as disabled inputs of its form. */
const InImportPanel = () => null;
const IMPORT_STATE = ['importRunning', 'progress', 'parsingError', 'lastImport', 'count', 'feedFile'];

const plugin: PluginUi = {
  name: 'catalogs',
  routes: [
    { path: '/catalog/edit/:id', title: 'app.catalog_edit.title', component: onDemand(() => import('./CatalogScreen.tsx'), 'CatalogScreen') },
  ],
  widgets: {
    recordActions: { campaign: [GenerateTopsButton] },
    fieldInputs: { catalog: Object.fromEntries(IMPORT_STATE.map((field) => [field, InImportPanel])) },
  },
};

export default plugin;
