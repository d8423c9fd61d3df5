/**
 * All messages of one language: react-admin's own, the app's (config/i18n) and the resource and field labels
 * taken from the declarations, in polyglot's `resources.<name>.name` / `resources.<name>.fields.<field>` shape.
 */
import englishMessages from 'ra-language-english';
import germanMessages from 'ra-language-german';
import { resources as declared, type ResourceDef } from '@adsuite/config';
import { appMessages, valueLabels } from '@adsuite/config/i18n/index';
import type { Language } from '../session.ts';
import { raGermanSupplement } from './raGerman.ts';

type Tree = { [key: string]: string | Tree };

/** `base`'s keys, each taken from `over` where it has a text: the result never gains or loses a key. */
function translateInto(base: Tree, over: Tree | undefined): Tree {
  return Object.fromEntries(
    Object.entries(base).map(([key, value]) => {
      const replacement = over?.[key];
      if (typeof value === 'string') return [key, typeof replacement === 'string' ? replacement : value];
      return [key, translateInto(value, typeof replacement === 'object' ? replacement : undefined)];
    }),
  );
}

function mergeTrees(first: Tree, second: Tree): Tree {
  const merged: Tree = { ...first };
  for (const [key, value] of Object.entries(second)) {
    const existing = merged[key];
    merged[key] = typeof value === 'object' && typeof existing === 'object' ? mergeTrees(existing, value) : value;
  }
  return merged;
}

/**
 * `values.<field>.<value>` for the enum (and chosen list) values that have a label: the field's own (`optionLabels`, e.g. industry
 * codes) or the shared one (config/i18n/values.ts); a `labelled` text field takes every shared label. Polyglot splits keys at dots, so dotted values keep none.
 */
function enumValues(resource: ResourceDef, language: Language): Tree {
  const shared = valueLabels[language];
  return Object.fromEntries(
    Object.entries(resource.fields)
      .filter(([, def]) => ((def.type === 'enum' || def.type === 'stringList') && def.options) || def.labelled)
      .map(([field, def]) => {
        const labelOf = (value: string) => def.optionLabels?.[value]?.[language] ?? shared[value];
        const values = def.options ?? Object.keys(shared);
        return [field, Object.fromEntries(values.filter((value) => labelOf(value) && !value.includes('.')).map((value) => [value, labelOf(value)]))];
      })
      .filter(([, values]) => Object.keys(values).length > 0),
  );
}

export function resourceMessages(language: Language, resources: ResourceDef[] = declared): Tree {
  return {
    resources: Object.fromEntries(
      resources.map((resource) => [
        resource.name,
        {
          name: `${resource.label[language].one} |||| ${resource.label[language].many}`,
          fields: Object.fromEntries([
            ...Object.entries(resource.fields).map(([field, def]) => [field, def.label[language]]),
            ...Object.entries(resource.list.periods ?? {}).map(([column, period]) => [column, period.label[language]]),
          ]),
          values: enumValues(resource, language),
        },
      ]),
    ),
  };
}

const reactAdmin: Record<Language, Tree> = {
  en: englishMessages as unknown as Tree,
  de: translateInto(englishMessages as unknown as Tree, mergeTrees(germanMessages as Tree, raGermanSupplement)),
};

export function messagesFor(language: Language, resources: ResourceDef[] = declared): Tree {
  return { ...reactAdmin[language], ...(appMessages[language] as Tree), ...resourceMessages(language, resources) };
}
