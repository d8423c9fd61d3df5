import { useCallback } from 'react';
import { useTranslate } from 'react-admin';

export const valueKey = (resource: string, field: string, value: unknown) => `resources.${resource}.values.${field}.${String(value)}`;

/** An enum value as the user reads it, or as stored when it has no label (SPEC: statuses, creative types, goals, ...). */
export function useValueLabel(resource: string) {
  const translate = useTranslate();
  return useCallback((field: string, value: unknown) => translate(valueKey(resource, field, value), { _: String(value) }), [translate, resource]);
}
