/**
 * Where a generic list's links go and what its address says (SPEC section 2 "Generic entity list"): the edit
 * link of a row, the create link, and the query parameters (`search`, `campaign`, `catalog`, `cls`, ...).
 */
import type { Identifier, RaRecord } from 'react-admin';
import { ROUTE_ALIASES, resourceByName, type ResourceDef } from '@adsuite/config';

/**
 * The record a row's edit link opens: the row itself, or the record it is edited through (`list.editVia`):
 * a campaign with a booking opens the booking, a sync job the line item or banner it synchronises.
 */
export function editTarget(resource: ResourceDef, record: RaRecord): { resource: string; id: Identifier } {
  const via = resource.list.editVia;
  if (via) {
    const id = record[via.field];
    const target = via.resource ?? (via.resourceField ? record[via.resourceField] : undefined);
    if (id && typeof target === 'string' && resourceByName[target]) return { resource: target, id };
  }
  return { resource: resource.name, id: record.id };
}

/** The create link: `{entity}/new/{catalog}` when the list was opened for a catalog, else the declared path; `route` is its pattern. */
export function createLink(resource: ResourceDef, query: URLSearchParams): { to: string; route: string } {
  const alias = ROUTE_ALIASES.find((entry) => entry.resource === resource.name && entry.screen === 'create' && entry.param && query.get(entry.param));
  if (!alias) return { to: resource.routes.create, route: resource.routes.create };
  return { to: alias.path.replace(`:${alias.param}`, encodeURIComponent(query.get(alias.param!)!)), route: alias.path };
}

/**
 * The filter a list's address asks for: `search` is the text search (the user may change it); any other
 * parameter naming a declared filter field (`campaign`, `catalog`, `cls`, ...) narrows the list for good.
 */
export function filterFromQuery(resource: ResourceDef, query: URLSearchParams): { search: Record<string, string>; fixed: Record<string, string> } {
  const search: Record<string, string> = {};
  const fixed: Record<string, string> = {};
  for (const [key, value] of query) {
    if (!value) continue;
    if (key === 'search') search.q = value;
    else if (resource.list.filters.includes(key) && resource.fields[key] && !resource.fields[key].private) fixed[key] = value;
  }
  return { search, fixed };
}
