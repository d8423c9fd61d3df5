/**
 * How a catalog's feed is read (SPEC sections 3 and 4, "delimiter (default comma; tab allowed; XML selector)"): shared
 * by the catalog's declaration, which checks the field, and the import (plugins/catalogs), which reads by it.
 */

/** The CSV delimiter a catalog names: one character, or `tab` (also written `\t`). */
export function csvDelimiterOf(value: string | null | undefined): string {
  if (value === undefined || value === null) return ',';
  const trimmed = value.trim();
  if (value === '\t' || trimmed.toLowerCase() === 'tab' || trimmed === '\\t') return '\t';
  return trimmed === '' ? ',' : trimmed;
}

const XML_NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?$/;

/** The XML selector's steps: `product` or `products/item` (the product element last; a namespace prefix is ignored). */
export function xmlSelectorOf(value: string | null | undefined): string[] {
  const steps = (value ?? '').trim().replace(/^\/+|\/+$/g, '').split('/').filter(Boolean);
  return steps.map((step) => step.replace(/^[^:]*:/, '').toLowerCase());
}

/** Why a delimiter does not fit the data type (a key of the `catalogs` server texts), or null. */
export function feedDelimiterProblem(datatype: string, value: string): 'delimiter_csv' | 'selector_xml' | null {
  if (datatype === 'xml') {
    const steps = (value ?? '').trim().replace(/^\/+|\/+$/g, '').split('/');
    return steps.length > 0 && steps.length <= 10 && steps.every((step) => XML_NAME.test(step)) ? null : 'selector_xml';
  }
  const delimiter = csvDelimiterOf(value);
  return [...delimiter].length === 1 && !/["\r\n]/.test(delimiter) ? null : 'delimiter_csv';
}
