/**
 * JSON fields that declare their parts (FieldDef.shape, config/resources/jsonShapes.ts) are checked part by part
 * on create and update, by the same rules the admin's inputs use (`shapeIssues` walks the value, `partProblem`
 * judges each part), so that browser and server agree. An error names where it is: `markers.1.geometry`,
 * `thumbnail.width`, `markers` for the value as a whole.
 *
 * A value sent back as it is stored passes unchanged: rows written in an earlier shape stay saveable as long as
 * the field is not changed. Reviews, changes, failed channels and logs (not `isEnteredShape`) are written by the
 * server or by staff under `writeRoles` and are not checked here.
 */
import type { FieldDef, ResourceDef } from '@adsuite/config';
import { inSentence, type TextParam } from '@adsuite/config/i18n/serverText';
import { isEnteredShape, sameJson, shapeIssues, type ShapeIssue } from '@adsuite/config/resources/jsonShapes';
import { text, type FieldError, type ServerText } from '../errors.ts';
import { labelOf } from './input.ts';
import type { Row } from './values.ts';

/** A key as it is shown inside a path or a message (a key of the sender's could be very long). */
const shown = (key: string) => (key.length > 60 ? `${key.slice(0, 60)}…` : key);

/** The words of one issue: the field, the entry and the part it is at, and what is wrong there. */
function issueText(field: FieldDef, key: string, issue: ShapeIssue): ServerText {
  const fieldLabel = labelOf(field, key);
  const holder: TextParam = issue.index === undefined ? fieldLabel : text('validation.shape.entry', { label: fieldLabel, index: issue.index + 1 });
  const partName: TextParam = issue.part ? issue.part.label : shown(issue.key ?? '');
  const label: TextParam = issue.key === undefined ? holder : text('validation.shape.part', { label: holder, part: partName });
  const { problem } = issue;
  const choices = issue.part?.choices ?? [];
  switch (problem.problem) {
    case 'required':
      return issue.part ? text('validation.shape.required', { label: holder, part: inSentence(issue.part.label) }) : text('validation.required', { label });
    case 'list': return text('validation.shape.list', { label });
    case 'object': return text('validation.shape.object', { label });
    case 'ids': return text('validation.ids', { label });
    case 'form': return text('validation.shape.form', { label });
    case 'unknown': return text('validation.shape.unknown', { label: holder, key: shown(issue.key ?? '') });
    case 'fixed': return text('validation.shape.fixed', { label, value: problem.value });
    case 'number': return text('validation.number', { label });
    case 'integer': return text('validation.whole_number', { label });
    case 'min': return text('validation.at_least', { label, min: { count: problem.min } });
    case 'max': return text('validation.at_most', { label, max: { count: problem.max } });
    case 'url': return text('validation.url', { label });
    case 'boolean': return text('validation.boolean', { label });
    case 'datetime': return text('validation.datetime', { label });
    case 'point': return text('validation.shape.point', { label });
    case 'texts':
      return issue.part?.choices ? text('validation.only', { label, options: choices.join(', ') }) : text('validation.texts', { label });
    case 'choice':
      return issue.part?.type === 'channel' ? text('validation.shape.channel', { label }) : text('validation.one_of', { label, options: choices.join(', ') });
    case 'text': return text('validation.text', { label });
  }
}

/**
 * The errors of the shaped JSON fields in `values` (checked, stored form), each at `<field>.<index>.<part>` (a
 * list's entry), `<field>.<part>` (an object's part) or `<field>`. `before` is the stored row on update: a
 * field given as it is stored is not checked.
 */
export function shapeErrors(resource: ResourceDef, values: Row, before?: Row): FieldError[] {
  const errors: FieldError[] = [];
  for (const [key, field] of Object.entries(resource.fields)) {
    if (field.type !== 'json' || !field.shape || !isEnteredShape(field.shape) || !Object.hasOwn(values, key)) continue;
    if (before && sameJson(values[key] ?? null, before[key] ?? null)) continue;
    for (const issue of shapeIssues(field.shape, values[key])) {
      const path = issue.path.split('.').map(shown).join('.');
      errors.push({ field: path ? `${key}.${path}` : key, message: issueText(field, key, issue) });
    }
  }
  return errors;
}
