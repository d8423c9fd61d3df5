/**
 * Where a generic list's links go and what its address says (SPEC section 2 "Generic entity list"): the edit
 * link of a row, the create link, and the query parameters (`search`, `campaign`, `catalog`, `cls`, ...).
 */
import type { Identifier, RaRecord } from 'react-admin';
import { filtersFor, ROUTE_ALIASES, resourceByName, type FieldDef, type ResourceDef, type Role } from '@adsuite/config';

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

/**
 * The create link: `{entity}/new/{catalog}` when the list shows one catalog's records (the filter the address
 * or the user set), else the declared path; `route` is its pattern.
 */
export function createLink(resource: ResourceDef, filterValues: Record<string, unknown>): { to: string; route: string } {
  const alias = ROUTE_ALIASES.find((entry) => entry.resource === resource.name && entry.screen === 'create' && entry.param
    && typeof filterValues[entry.param] === 'string' && filterValues[entry.param]);
  if (!alias) return { to: resource.routes.create, route: resource.routes.create };
  return { to: alias.path.replace(`:${alias.param}`, encodeURIComponent(filterValues[alias.param!] as string)), route: alias.path };
}

/** react-admin's own list parameters in an address. */
const LIST_PARAMETERS = new Set(['filter', 'displayedFilters', 'sort', 'order', 'page', 'perPage']);

/** A filter value from the address, typed the way the filter's input holds it. */
function filterValue(field: FieldDef, value: string): unknown {
  if (field.type === 'enum') return [value];
  if (field.type === 'boolean') return value === 'true' ? true : value === 'false' ? false : undefined;
  return value;
}

/**
 * The address a list opened with SPEC's query parameters (`/campaigns?search=Summer`,
 * `/events?campaign={id}&cls={class}`, `/banners?bannerType=html_ad`) has in react-admin's terms: `search` is
 * the text search, and every other parameter naming a filter the role is offered is that filter, shown in the
 * filter bar where the user sees, changes and removes it. Undefined when the address holds nothing to read
 * (or already speaks react-admin's terms); parameters that name no filter of the role are dropped.
 */
export function listAddress(resource: ResourceDef, role: Role, search: string): string | undefined {
  const query = new URLSearchParams(search);
  if (query.has('filter') || [...query.keys()].every((key) => LIST_PARAMETERS.has(key))) return undefined;
  const offered = new Set(filtersFor(resource, role));
  const filter: Record<string, unknown> = {};
  const shown: Record<string, boolean> = {};
  for (const [key, value] of query) {
    if (!value || LIST_PARAMETERS.has(key)) continue;
    if (key === 'search') {
      filter.q = value;
      continue;
    }
    const field = Object.hasOwn(resource.fields, key) ? resource.fields[key] : undefined;
    const typed = field && offered.has(key) && !field.private ? filterValue(field, value) : undefined;
    if (typed === undefined) continue;
    filter[key] = typed;
    shown[key] = true;
  }
  const address = new URLSearchParams();
  for (const [key, value] of query) if (LIST_PARAMETERS.has(key)) address.append(key, value);
  // The list's own opening filter (the sync queue's statuses) holds unless the address names that filter.
  address.set('filter', JSON.stringify({ ...resource.list.initialFilter, ...filter }));
  address.set('displayedFilters', JSON.stringify(shown));
  return `?${address.toString()}`;
}

/** The links a row offers besides its edit link (`list.rowLinks`), for `role`, with `:id` filled in. */
export function rowLinks(resource: ResourceDef, role: Role, record: RaRecord, mayOpen: (path: string) => boolean): { to: string; label: string }[] {
  return (resource.list.rowLinks ?? [])
    .filter((link) => !link.hiddenFor?.includes(role) && mayOpen(link.to))
    .map((link) => ({ to: link.to.replace(':id', encodeURIComponent(String(record.id))), label: link.label }));
}
