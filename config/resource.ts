/**
 * The shape of a declared resource (ARCHITECTURE.md "Declared resources"). A declaration is plain data:
 * the backend derives table, migration, REST router and access from it; the admin derives its screens.
 */
import type { ServerText } from './i18n/serverText.ts';
import type { JsonShape } from './resources/jsonShapes.ts';
import type { Role } from './roles.ts';

export type { JsonPart, JsonPartType, JsonShape } from './resources/jsonShapes.ts';

export type Translated = { de: string; en: string };

export type FieldType =
  | 'text' | 'textarea' | 'email' | 'url' | 'number' | 'integer' | 'money' | 'boolean'
  | 'date' | 'datetime' | 'enum' | 'ref' | 'refMany' | 'json' | 'stringList' | 'file';

export interface FieldDef {
  type: FieldType;
  label: Translated;
  required?: boolean;
  /** Target resource of a ref / refMany field. */
  ref?: string;
  /** Allowed values of an enum field (and of each stringList entry when given). */
  options?: readonly string[];
  /** How the options read when they are codes (industry codes); else the shared value labels apply. */
  optionLabels?: Record<string, Translated>;
  /** A text field of codes (a channel's key): lists show a value by its shared label (config/i18n/values.ts) where it has one. */
  labelled?: boolean;
  /** An identifier people type and copy as it is (a channel's own key): lists show it as code, never as a label. */
  code?: boolean;
  default?: unknown;
  /** Length bounds for text-like fields, value bounds for numbers. */
  min?: number;
  max?: number;
  /** Managed by the server: shown, never written through the generic API. */
  readOnly?: boolean;
  /** Never leaves the server and is never written through the generic API (password hashes). */
  private?: boolean;
  /**
   * No index of its own (a ref's lookup index, a sortable column's sort index), for a column of a table the ad server
   * writes far more often than anyone looks rows up or sorts by it: a campaign's counters, a balance, a running spend
   * entry's amount (updated several times a second: an index on them would make each update write every index of
   * the table, the search's trigram index too, instead of a heap-only (HOT) update), the raw events' references
   * (each index is written on every insert of the busiest table). Sorting or filtering by it reads the rows in reach.
   */
  noIndex?: boolean;
  /** Unique within the tenant (or globally for platform resources). */
  unique?: boolean;
  /** The answer when a value is taken already (SPEC section 8 texts, config/i18n/serverMessages.ts); else "<Label> exists already." */
  uniqueMessage?: ServerText;
  /** Hint for forms: a long text field. */
  multiline?: boolean;
  /**
   * A text the platform writes (a ledger entry's name): the private json field named here keeps it as a text of
   * the server's catalogue (`{ key, params }`, config/i18n/serverText.ts), and the API answers this field in the
   * reader's language. The stored value is the text in the account's language (search, readers without one).
   */
  translatedFrom?: string;
  help?: Translated;
  /**
   * Who may set this field: the roles allowed to give it a value on create or change it on update. Unset, every
   * role that may create/update the resource may. Others keep the value it has (or its default): sending it
   * unchanged is fine, changing it is refused at the field.
   */
  writeRoles?: readonly Role[];
  /**
   * Options of an enum field that only these roles may give it (a role only the systemoperator grants). Forms offer
   * a role only the options it may give; the declaration's validate hook refuses the others.
   */
  optionRoles?: Readonly<Record<string, readonly Role[]>>;
  /** Set when the record is created; afterwards it changes only through its own flow (an e-mail address). */
  createOnly?: boolean;
  /**
   * A JSON field that holds ids of another resource's records: a list of ids, a list of objects with `key`, or
   * one object with `key`. The ids must name records the writer may read, like a ref field's.
   */
  idsOf?: { resource: string; key?: string };
  /**
   * The parts of a JSON field (resources/jsonShapes.ts), so forms give each part an input of its own. A JSON
   * field without one is free-form data that only a systemoperator edits, as JSON.
   */
  shape?: JsonShape;
}

/**
 * Rows that only `roles` may change, delete or recover, whatever `access` says (a systemoperator's own account
 * is the systemoperators'). `where` names the row by plain field values.
 */
export interface GuardedRows {
  where: Record<string, string | number | boolean>;
  roles: readonly Role[];
}

export type Action = 'read' | 'create' | 'update' | 'delete' | 'recover' | 'destroy';

/** Which rows a non-staff user reaches: rows whose `field` names one of the user's advertisers/publishers, or the user. */
export interface TenantDef {
  by: 'advertiser' | 'publisher' | 'owner';
  /** The column holding the tenant; `id` when the row is the tenant itself (advertiser, publisher). */
  field: string;
}

export interface ListDef {
  columns: string[];
  /** Fields searched by the `q` filter (text-like fields). */
  search: string[];
  /** Whitelisted sort fields (besides id, created, updated). */
  sort: string[];
  /** Fields accepted as filters (besides id, q and the scope field). */
  filters: string[];
  defaultSort?: [string, 'ASC' | 'DESC'];
  /**
   * Columns that depend on who looks (SPEC section 6 "Other rules"): shown `only` to some roles, or
   * `hiddenFor` others. The advertiser column of advertiser-owned data is hidden for advertisers by default.
   */
  columnRoles?: Record<string, ColumnRoles>;
  /** Columns computed from two date fields, e.g. a campaign's runtime from start to end. */
  periods?: Record<string, { label: Translated; from: string; to: string }>;
  /**
   * Where a row's edit link goes when the record is edited through another one (SPEC "Generic entity list"):
   * a campaign with a booking opens the booking; a sync job opens the record it synchronises.
   * `field` holds the target id; the target type is `resource`, or the row's `resourceField`.
   */
  editVia?: { field: string; resource?: string; resourceField?: string };
  /** The filter a list opens with (the sync queue shows the jobs not run and failed). */
  initialFilter?: Record<string, unknown>;
  /**
   * Links a row offers besides its edit link (a campaign's Instant Report): `to` is a route with `:id` for the
   * row's id, `label` a message key; shown to those who may open the route and are not in `hiddenFor`.
   */
  rowLinks?: readonly { to: string; label: string; hiddenFor?: readonly Role[] }[];
  /** Filters that depend on who looks, like `columnRoles` (advertiser filters only for systemoperator). */
  filterRoles?: Record<string, ColumnRoles>;
  /** Roles that never see the create button on this list (accounting, SPEC section 6). */
  createHiddenFor?: readonly Role[];
  /**
   * A list read over a window of days only (raw events: 3 days, SPEC section 5): `field` is a date field, the
   * list shows the last `days` days unless `<field>_gte`/`<field>_lte` name a range of at most `days` days.
   */
  window?: { field: string; days: number };
}

export interface ColumnRoles {
  only?: readonly Role[];
  hiddenFor?: readonly Role[];
}

export interface RoutesDef {
  list: string;
  create: string;
  edit: string;
}

export interface LookupDef {
  /** Child resource whose rows point at this one. */
  resource: string;
  /** The child's ref field. */
  field: string;
}

/** A change about to be written, as the engine hands it to a declaration's hooks. */
export interface Change {
  /** The checked values being written (stored form: money in cents). */
  values: Record<string, unknown>;
  /** The record before the change; absent on create. */
  before?: Record<string, unknown>;
  user: { id: string; role: Role };
}

/** A field error of a declaration's hook. */
export interface HookError {
  field: string;
  message: ServerText;
}

/** Rules of one entity that its field types cannot express. Pure functions, so server and browser share them. */
export interface HooksDef {
  /**
   * Extra validation: the field errors it returns refuse the write with 400. Messages are texts of the server's
   * catalogue (`text(key, params)`, config/i18n/serverText.ts), written in the reader's language.
   */
  validate?(change: Change): HookError[];
}

export interface ResourceDef {
  name: string;
  table: string;
  label: { de: { one: string; many: string }; en: { one: string; many: string } };
  fields: Record<string, FieldDef>;
  list: ListDef;
  access: Partial<Record<Action, readonly Role[]>>;
  tenant?: TenantDef;
  /** Delete archives (sets archivedAt); recover clears it; destroy removes for good. */
  archivable: boolean;
  routes: RoutesDef;
  lookup: Record<string, LookupDef>;
  /** The field shown when another record references this one. */
  titleField: string;
  hooks?: HooksDef;
  guardedRows?: GuardedRows[];
}

export type ResourceInput = Omit<ResourceDef, 'table' | 'routes' | 'lookup' | 'archivable' | 'titleField' | 'list'> & {
  table?: string;
  routes?: Partial<RoutesDef>;
  lookup?: Record<string, LookupDef>;
  archivable?: boolean;
  titleField?: string;
  list: Partial<ListDef> & { columns: string[] };
};

const TEXT_TYPES: readonly FieldType[] = ['text', 'textarea', 'email', 'url', 'enum'];

export function pluralOf(name: string): string {
  return name.endsWith('s') ? name : `${name}s`;
}

export function snake(name: string): string {
  return name.replace(/-/g, '_').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** Roles that see no populated (referenced-record) columns (SPEC section 6 "Other rules": accounting). */
export const POPULATED_COLUMNS_HIDDEN_FOR: readonly Role[] = ['accounting'];

/** Two role rules for one column or filter: `only` from the declaration, `hiddenFor` from both. */
function joinRules(first: ColumnRoles | undefined, second: ColumnRoles | undefined): ColumnRoles {
  const only = second?.only ?? first?.only;
  const hiddenFor = [...new Set([...(first?.hiddenFor ?? []), ...(second?.hiddenFor ?? [])])];
  return { ...(only ? { only } : {}), ...(hiddenFor.length ? { hiddenFor } : {}) };
}

/**
 * The role rules of a list's columns: an advertiser sees only its own data, so a column naming the advertiser
 * tells it nothing; accounting sees no populated columns; then what the declaration says.
 */
function columnRules(input: ResourceInput): Record<string, ColumnRoles> {
  const tenantField = input.tenant?.by === 'advertiser' ? input.tenant.field : undefined;
  const rules: Record<string, ColumnRoles> = {};
  const add = (column: string, rule: ColumnRoles | undefined) => {
    rules[column] = joinRules(rules[column], rule);
  };
  for (const column of input.list.columns) {
    if (column === tenantField) add(column, { hiddenFor: ['advertiser'] });
    if (['ref', 'refMany'].includes(input.fields[column]?.type)) add(column, { hiddenFor: POPULATED_COLUMNS_HIDDEN_FOR });
  }
  for (const [column, rule] of Object.entries(input.list.columnRoles ?? {})) add(column, rule);
  return rules;
}

/** Fills the defaults every declaration shares, so a declaration names only what is particular to it. */
export function defineResource(input: ResourceInput): ResourceDef {
  const fields = input.fields;
  const textFields = Object.keys(fields).filter((key) => TEXT_TYPES.includes(fields[key].type) && !fields[key].private);
  return {
    ...input,
    table: input.table ?? snake(pluralOf(input.name)),
    archivable: input.archivable ?? true,
    titleField: input.titleField ?? ('name' in fields ? 'name' : Object.keys(fields)[0]),
    lookup: input.lookup ?? {},
    routes: {
      list: `/${pluralOf(input.name.replace(/-/g, ''))}`,
      create: `/${input.name}/new`,
      edit: `/${input.name}/edit/:id`,
      ...input.routes,
    },
    list: {
      search: textFields.filter((key) => fields[key].type !== 'enum'),
      sort: input.list.columns.filter((key) => key in fields && !['json', 'refMany', 'stringList'].includes(fields[key].type)),
      filters: Object.keys(fields).filter((key) => ['enum', 'ref', 'boolean'].includes(fields[key].type)),
      defaultSort: ['created', 'DESC'],
      createHiddenFor: ['accounting'],
      ...input.list,
      columnRoles: columnRules(input),
    },
  };
}

/** Shorthand for a translated label. */
export const t = (de: string, en: string): Translated => ({ de, en });

const seenBy = (rules: Record<string, ColumnRoles> | undefined, role: Role) => (name: string) => {
  const rule = rules?.[name];
  if (rule?.only && !rule.only.includes(role)) return false;
  return !rule?.hiddenFor?.includes(role);
};

/** The list columns `role` sees (SPEC section 6 "Other rules"). */
export function columnsFor(resource: ResourceDef, role: Role): string[] {
  return resource.list.columns.filter(seenBy(resource.list.columnRoles, role));
}

/**
 * Whether `role` may set `key` when it creates (`create`) or changes (`update`) a record: the field is
 * writable at all, its write roles include the role, and a create-only field is not changed later.
 */
export function canWriteField(resource: ResourceDef, key: string, role: Role, mode: 'create' | 'update'): boolean {
  if (!Object.hasOwn(resource.fields, key)) return false;
  const field = resource.fields[key];
  if (field.readOnly || field.private) return false;
  if (field.createOnly && mode === 'update') return false;
  return !field.writeRoles || field.writeRoles.includes(role);
}

/** Whether `role` may give an enum field the value `option` (FieldDef.optionRoles). */
export function canGiveOption(field: FieldDef, option: string, role: Role): boolean {
  const roles = field.optionRoles?.[option];
  return !roles || roles.includes(role);
}

/** The list filters `role` is offered (SPEC section 6 "Other rules"). */
export function filtersFor(resource: ResourceDef, role: Role): string[] {
  return resource.list.filters.filter(seenBy(resource.list.filterRoles, role));
}
