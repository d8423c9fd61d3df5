/**
 * The browser halves of the enabled plugins (plugins/registry.ts): their screens and menu entries.
 * Vite bundles every `plugins/<name>/ui/index.tsx`; only the enabled ones are used, in registry order.
 */
import { PLUGINS } from '../../../plugins/registry.ts';
import type { ComponentType } from 'react';
import type { MenuEntry, PluginRoute, PluginUi } from './types.ts';
import { addListNotices } from '../resources/listNotices.ts';
import { addRecordActions } from '../resources/recordActions.ts';
import { addFieldInputs } from '../resources/fieldInputs.ts';
import { addBookingStatusWidgets } from './bookingStatus.tsx';

export type { MenuEntry, MenuSection, PluginRoute, PluginUi } from './types.ts';

const modules = import.meta.glob<{ default: PluginUi }>('../../../plugins/*/ui/index.tsx', { eager: true });

export function enabledPlugins(enabled: readonly string[] = PLUGINS, found: Record<string, { default: PluginUi }> = modules): PluginUi[] {
  return enabled.flatMap((name) => {
    const module = found[`../../../plugins/${name}/ui/index.tsx`];
    return module ? [module.default] : [];
  });
}

/** One route per path: a real screen replaces a placeholder; two real screens at one path are a mistake. */
export function pluginRoutes(plugins: PluginUi[] = enabledPlugins()): PluginRoute[] {
  const byPath = new Map<string, PluginRoute>();
  for (const route of plugins.flatMap((plugin) => plugin.routes ?? [])) {
    const present = byPath.get(route.path);
    if (present && !present.placeholder && !route.placeholder) throw new Error(`Two plugins serve ${route.path}`);
    if (!present || present.placeholder) byPath.set(route.path, route);
  }
  return [...byPath.values()];
}

export function pluginMenu(plugins: PluginUi[] = enabledPlugins()): MenuEntry[] {
  return plugins.flatMap((plugin) => plugin.menu ?? []);
}

export function topBarWidgets(plugins: PluginUi[] = enabledPlugins()): ComponentType[] {
  return plugins.flatMap((plugin) => plugin.widgets?.topBar ?? []);
}

/** Hands the plugins' edit-screen buttons, list notices, field inputs and booking status controls to the screens that show them (resources/recordActions.ts, ...). */
export function installRecordActions(plugins: PluginUi[] = enabledPlugins()) {
  for (const plugin of plugins) {
    for (const [resource, actions] of Object.entries(plugin.widgets?.recordActions ?? {})) addRecordActions(resource, actions);
    for (const [resource, notices] of Object.entries(plugin.widgets?.listNotices ?? {})) addListNotices(resource, notices);
    for (const [resource, byField] of Object.entries(plugin.widgets?.fieldInputs ?? {})) addFieldInputs(resource, byField);
    addBookingStatusWidgets(plugin.widgets?.bookingStatus ?? []);
  }
}
