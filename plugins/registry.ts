/**
 * The enabled plugins: one line each. A plugin is the folder plugins/<name>/ with `server/index.ts`
 * (default export: a ServerPlugin, see backend/src/plugin.ts) and/or `ui/index.tsx` (its screens, menu
 * entries and widgets for the admin). Server and browser load only their own half.
 */
export const PLUGINS = [
  'accounts',
  'activitylog',
  'affiliate',
  'approvals',
  'booking',
  'catalogs',
  'creatives',
  'dashboard',
  'dataconsole',
  'delivery',
  'finances',
  'networkmonitor',
  'optimizer',
  'profile',
  'publisher-area',
  'reports',
  'search',
  'subaccounts',
  'syncqueue',
  'tracking',
] as const;

export type PluginName = (typeof PLUGINS)[number];
