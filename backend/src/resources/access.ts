/** Turns the CASL rules of a request into Sequelize conditions, so lists carry the tenant scope as SQL. */
import { rulesToCondition } from '@casl/ability/extra';
import { subject } from '@casl/ability';
import { Op, type WhereOptions } from 'sequelize';
import type { Action, AppAbility } from '@adsuite/config';
import type { Row } from './values.ts';

function conditionToWhere(conditions: Record<string, unknown>): WhereOptions {
  const parts: WhereOptions[] = Object.entries(conditions).map(([field, condition]) => {
    if (condition && typeof condition === 'object' && !Array.isArray(condition)) {
      const operator = condition as Record<string, unknown>;
      if ('$in' in operator) return { [field]: { [Op.in]: operator.$in as unknown[] } };
      if ('$eq' in operator) return { [field]: operator.$eq };
      if ('$ne' in operator) return { [field]: { [Op.ne]: operator.$ne } };
      throw new Error(`Unsupported ability condition on ${field}`);
    }
    return { [field]: condition };
  });
  return parts.length === 1 ? parts[0] : { [Op.and]: parts };
}

/** The rows `action` may touch as a WHERE, `{}` for all rows, or null when the action is not allowed at all. */
export function accessWhere(ability: AppAbility, action: Action, resourceName: string): WhereOptions | null {
  return rulesToCondition(
    ability.rulesFor(action, resourceName),
    (rule): WhereOptions => {
      const where = rule.conditions ? conditionToWhere(rule.conditions as Record<string, unknown>) : {};
      return rule.inverted ? { [Op.not]: where } : where;
    },
    {
      and: (conditions) => ({ [Op.and]: conditions }),
      or: (conditions) => ({ [Op.or]: conditions }),
      empty: () => ({}),
    },
  );
}

/** Whether `action` is allowed on this very row (create checks the row about to be written). */
export function canOnRow(ability: AppAbility, action: Action, resourceName: string, row: Row): boolean {
  return ability.can(action, subject(resourceName, { ...row }) as never);
}
