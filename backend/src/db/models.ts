/** Sequelize models derived from the declarations. */
import { DataTypes, Model, type ModelAttributeColumnOptions, type ModelStatic, type Sequelize } from 'sequelize';
import type { FieldDef, ResourceDef } from '@adsuite/config';
import { columnName } from './columns.ts';

// Rows are plain objects checked against the declaration at run time, so the static row type stays open.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ResourceModel = ModelStatic<any>;

function dataType(field: FieldDef) {
  switch (field.type) {
    case 'number': return DataTypes.DOUBLE;
    case 'integer': return DataTypes.INTEGER;
    case 'money': return DataTypes.BIGINT;
    case 'boolean': return DataTypes.BOOLEAN;
    case 'date': return DataTypes.DATEONLY;
    case 'datetime': return DataTypes.DATE;
    case 'ref': return DataTypes.UUID;
    case 'refMany': return DataTypes.ARRAY(DataTypes.UUID);
    case 'json': return DataTypes.JSONB;
    case 'stringList': return DataTypes.ARRAY(DataTypes.TEXT);
    default: return DataTypes.TEXT;
  }
}

export function defineModels(sequelize: Sequelize, resources: ResourceDef[]): Map<string, ResourceModel> {
  const models = new Map<string, ResourceModel>();
  for (const resource of resources) {
    const attributes: Record<string, ModelAttributeColumnOptions> = {
      id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
    };
    for (const [key, field] of Object.entries(resource.fields)) {
      attributes[key] = { type: dataType(field), field: columnName(key, field) };
    }
    if (resource.archivable) attributes.archivedAt = { type: DataTypes.DATE, field: 'archived_at' };
    const model = sequelize.define(resource.name, attributes, { tableName: resource.table });
    models.set(resource.name, model);
  }
  return models;
}
