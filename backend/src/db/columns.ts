/** How a declared field is stored: column name, SQL type, and the Postgres udt_name the drift check expects. */
import { snake, type FieldDef, type ResourceDef } from '@adsuite/config';

export interface ColumnSpec {
  /** Model attribute (the declared field key). */
  attribute: string;
  column: string;
  sqlType: string;
  udt: string;
  notNull?: boolean;
  sqlDefault?: string;
}

const TYPES: Record<FieldDef['type'], { sqlType: string; udt: string }> = {
  text: { sqlType: 'TEXT', udt: 'text' },
  textarea: { sqlType: 'TEXT', udt: 'text' },
  email: { sqlType: 'TEXT', udt: 'text' },
  url: { sqlType: 'TEXT', udt: 'text' },
  enum: { sqlType: 'TEXT', udt: 'text' },
  file: { sqlType: 'TEXT', udt: 'text' },
  number: { sqlType: 'DOUBLE PRECISION', udt: 'float8' },
  integer: { sqlType: 'INTEGER', udt: 'int4' },
  // Money is integer cents; the API speaks euros with two decimals.
  money: { sqlType: 'BIGINT', udt: 'int8' },
  boolean: { sqlType: 'BOOLEAN', udt: 'bool' },
  date: { sqlType: 'DATE', udt: 'date' },
  datetime: { sqlType: 'TIMESTAMPTZ', udt: 'timestamptz' },
  ref: { sqlType: 'UUID', udt: 'uuid' },
  refMany: { sqlType: 'UUID[]', udt: '_uuid' },
  json: { sqlType: 'JSONB', udt: 'jsonb' },
  stringList: { sqlType: 'TEXT[]', udt: '_text' },
};

export function columnName(key: string, field: FieldDef): string {
  return field.type === 'ref' ? `${snake(key)}_id` : field.type === 'refMany' ? `${snake(key)}_ids` : snake(key);
}

export function columnsOf(resource: ResourceDef): ColumnSpec[] {
  const columns: ColumnSpec[] = [
    { attribute: 'id', column: 'id', sqlType: 'UUID', udt: 'uuid', notNull: true, sqlDefault: 'gen_random_uuid()' },
    { attribute: 'created', column: 'created', sqlType: 'TIMESTAMPTZ', udt: 'timestamptz', notNull: true, sqlDefault: 'now()' },
    { attribute: 'updated', column: 'updated', sqlType: 'TIMESTAMPTZ', udt: 'timestamptz', notNull: true, sqlDefault: 'now()' },
  ];
  if (resource.archivable) columns.push({ attribute: 'archivedAt', column: 'archived_at', sqlType: 'TIMESTAMPTZ', udt: 'timestamptz' });
  for (const [key, field] of Object.entries(resource.fields)) {
    columns.push({ attribute: key, column: columnName(key, field), ...TYPES[field.type] });
  }
  return columns;
}

/** Fields whose values order a list with an index (sortable columns); JSON and lists sort nowhere. */
const UNSORTABLE: readonly FieldDef['type'][] = ['json', 'refMany', 'stringList'];
/** Fields that `q` searches with ILIKE '%...%': a trigram index answers that without reading every row. */
export const TRIGRAM: readonly FieldDef['type'][] = ['text', 'textarea', 'email', 'url'];

/**
 * The text `q` searches: the searched text fields joined by line breaks, as one expression, which one trigram index
 * answers (indexesOf) and the list's `q` filter repeats word for word (resources/listQuery.ts), so PostgreSQL reads
 * one index for the search instead of one per field OR-ed together (issue 11: an advertiser's search on a million
 * bookings walked its 250,000 rows; a BitmapOr of seven trigram indexes cost as much). Null without such fields.
 * A line break never appears in a trimmed one-line search, so no match spans two fields.
 */
export function searchExpression(resource: ResourceDef): string | null {
  const columns = resource.list.search
    .filter((key) => resource.fields[key] && TRIGRAM.includes(resource.fields[key].type))
    .map((key) => `coalesce("${columnName(key, resource.fields[key])}", '')`);
  return columns.length ? `(${columns.join(" || E'\\n' || ")})` : null;
}

/**
 * Indexes every declared table gets: paging by creation, tenant scope, references, uniqueness, one per sortable
 * list column (page 1 sorted by any column stays an index scan on a million rows), none of either for a `noIndex`
 * field (written far more often than looked up by it: FieldDef.noIndex), and one trigram index over the
 * searched text fields, after the tenant column where there is one (pg_trgm and btree_gin, migrations 0008 and
 * 0011; searchExpression). The per-field trigram indexes of earlier
 * versions are dropped: every row written updated each of them.
 */
export function indexesOf(resource: ResourceDef): string[] {
  const table = resource.table;
  const statements = [`CREATE INDEX IF NOT EXISTS "${table}_created_idx" ON "${table}" (created DESC, id DESC)`];
  const tenantField = resource.tenant && resource.tenant.field !== 'id' ? resource.fields[resource.tenant.field] : undefined;
  const tenantColumn = tenantField && resource.tenant ? columnName(resource.tenant.field, tenantField) : undefined;
  if (tenantColumn) {
    statements.push(`CREATE INDEX IF NOT EXISTS "${table}_${tenantColumn}_created_idx" ON "${table}" ("${tenantColumn}", created DESC)`);
  }
  const title = resource.fields[resource.titleField];
  if (title && title.type !== 'json' && !title.unique) {
    const column = columnName(resource.titleField, title);
    statements.push(`CREATE INDEX IF NOT EXISTS "${table}_${column}_sort_idx" ON "${table}" ("${column}", id)`);
  }
  for (const [key, field] of Object.entries(resource.fields)) {
    const column = columnName(key, field);
    if (field.type === 'ref' && column !== tenantColumn) {
      statements.push(field.noIndex
        ? `DROP INDEX IF EXISTS "${table}_${column}_idx"`
        : `CREATE INDEX IF NOT EXISTS "${table}_${column}_idx" ON "${table}" ("${column}")`);
    }
    if (resource.list.sort.includes(key) && !UNSORTABLE.includes(field.type) && !field.unique && field.type !== 'ref') {
      statements.push(field.noIndex
        ? `DROP INDEX IF EXISTS "${table}_${column}_sort_idx"`
        : `CREATE INDEX IF NOT EXISTS "${table}_${column}_sort_idx" ON "${table}" ("${column}", id)`);
    }
    if (resource.list.search.includes(key) && TRIGRAM.includes(field.type)) statements.push(`DROP INDEX IF EXISTS "${table}_${column}_trgm_idx"`);
    if (field.unique) {
      const scope = tenantColumn ? `"${tenantColumn}", ` : '';
      const value = field.type === 'email' || field.type === 'text' ? `lower("${column}")` : `"${column}"`;
      statements.push(`CREATE UNIQUE INDEX IF NOT EXISTS "${table}_${column}_unique" ON "${table}" (${scope}${value})`);
    }
  }
  // With the tenant column first (btree_gin, migration 0011): a tenant's search reads its own matches only.
  const search = searchExpression(resource);
  if (search) {
    const columns = tenantColumn ? `"${tenantColumn}", ${search} gin_trgm_ops` : `${search} gin_trgm_ops`;
    statements.push(`CREATE INDEX IF NOT EXISTS "${table}_search_trgm_idx" ON "${table}" USING gin (${columns}) WITH (fastupdate = off)`);
  }
  return statements;
}
