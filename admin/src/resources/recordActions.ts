/**
 * Buttons plugins add to a generated edit screen's toolbar (`widgets.recordActions` of a PluginUi), by resource.
 * Filled by the route table from the enabled plugins; the edit screen only reads it, so the generated screens
 * (which plugins import through the kit) never import the plugins themselves.
 */
import type { ComponentType } from 'react';

const byResource = new Map<string, ComponentType[]>();

export function addRecordActions(resource: string, actions: readonly ComponentType[]) {
  byResource.set(resource, [...(byResource.get(resource) ?? []), ...actions]);
}

export const recordActionsOf = (resource: string): readonly ComponentType[] => byResource.get(resource) ?? [];
