/**
 * Notices plugins put above a generated list (`widgets.listNotices` of a PluginUi), by resource: what the list
 * means where its rows cannot say it (the outbox is the only way to read mail without SMTP). Filled like the
 * record actions, so the generated screens never import the plugins.
 */
import type { ComponentType } from 'react';

const byResource = new Map<string, ComponentType[]>();

export function addListNotices(resource: string, notices: readonly ComponentType[]) {
  byResource.set(resource, [...(byResource.get(resource) ?? []), ...notices]);
}

export const listNoticesOf = (resource: string): readonly ComponentType[] => byResource.get(resource) ?? [];
