import { describe, expect, it } from 'vitest';
import { appMessages } from '@adsuite/config/i18n/index';
import { INDUSTRY_CODES, resources } from '@adsuite/config';
import { RESOURCE_MENU } from '../layout/menuEntries.ts';
import { PANEL_SECTIONS } from '../layout/visibleMenu.ts';
import { pluginMenu, pluginRoutes } from '../plugins/index.ts';
import { messagesFor } from './messages.ts';

type Tree = { [key: string]: string | Tree };
const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`));
const keys = (tree: Tree) => entries(tree).map(([key]) => key).sort();
const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();

describe('messages', () => {
  it('has the same app message keys in German and English', () => {
    expect(keys(appMessages.de as Tree)).toEqual(keys(appMessages.en as Tree));
  });

  it('has the same keys in German and English, react-admin and resource labels included', () => {
    const de = keys(messagesFor('de'));
    expect(de).toEqual(keys(messagesFor('en')));
    expect(de.length).toBeGreaterThan(200);
  });

  it('uses the same placeholders in both languages', () => {
    const english = new Map(entries(messagesFor('en')));
    const differing = entries(messagesFor('de')).filter(([key, text]) => placeholders(text).join() !== placeholders(english.get(key)!).join());
    // German keeps the noun capitalised: %{field} where English lower-cases it (%{field_lower_first}).
    expect(differing).toEqual([['ra.sort.sort_by', 'Sortieren nach %{field} %{order}']]);
  });

  it('labels every declared resource and field in both languages', () => {
    for (const language of ['de', 'en'] as const) {
      const messages = messagesFor(language) as { resources: Record<string, { name: string; fields: Record<string, string> }> };
      for (const resource of resources) {
        const { one, many } = resource.label[language];
        expect(messages.resources[resource.name].name).toBe(`${one} |||| ${many}`);
        for (const [field, def] of Object.entries(resource.fields)) {
          expect(messages.resources[resource.name].fields[field]).toBe(def.label[language]);
        }
      }
    }
    expect((messagesFor('de') as any).resources.booking.name).toBe('Buchung |||| Buchungen');
  });

  it('speaks German in react-admin\'s own texts, filling what ra-language-german lacks', () => {
    const de = new Map(entries(messagesFor('de')));
    expect(de.get('ra.action.save')).toBe('Speichern');
    expect(de.get('ra.navigation.page_rows_per_page')).not.toBe('Rows per page:');
    expect(de.get('ra.action.select_all')).toBe('Alle auswählen');
    expect(de.get('app.auth.login_failed')).toBe('Anmeldung fehlgeschlagen, bitte versuchen Sie es erneut.');
    expect(new Map(entries(messagesFor('en'))).get('app.list.empty')).toBe('No items');
  });

  it('has every key the menu, the named pages and the panel use, in both languages', () => {
    const used = [
      ...[...RESOURCE_MENU, ...pluginMenu()].map((entry) => entry.label),
      ...pluginRoutes().map((route) => route.title),
      ...Object.values(PANEL_SECTIONS),
    ];
    for (const language of ['de', 'en'] as const) {
      const known = new Set(keys(messagesFor(language)));
      expect(used.filter((key) => !known.has(key)), language).toEqual([]);
    }
  });

  it('names enum values in both languages under resources.<name>.values', () => {
    const de = new Map(entries(messagesFor('de')));
    const en = new Map(entries(messagesFor('en')));
    expect(de.get('resources.booking.values.status.waiting for approval')).toBe('Wartet auf Freigabe');
    expect(en.get('resources.campaign.values.status.pending')).toBe('Ready to publish');
    expect(de.get('resources.banner.values.bannerType.html_ad')).toBe('HTML-Anzeige (Ad-Tag)');
    expect(en.get('resources.sync-queue.values.status.not run')).toBe('Not run');
    expect(en.get('resources.campaign.fields.runtime')).toBe('Runtime');
    // chosen channels, a text field of channel keys and the activity log's categories read by name, not as stored
    expect(de.get('resources.bannertemplate.values.channels.googleads')).toBe('Google Ads');
    expect(en.get('resources.event.values.channel.platform161')).toBe('Platform 161');
    expect(de.get('resources.event.values.kind.delivery')).toBe('Auslieferungsbericht');
    expect(de.get('resources.campaignlog.values.category.Campaign Management')).toBe('Kampagnenverwaltung');
    expect(de.get('resources.wizard.values.compression.none')).toBe('Keine');
    expect(en.get('resources.wizard.values.datatype.csv')).toBe('CSV');
  });

  it('names the 61 industry codes of advertisers and websites in both languages', () => {
    for (const language of ['de', 'en'] as const) {
      const messages = new Map(entries(messagesFor(language)));
      for (const resource of ['advertiser', 'website']) {
        const labels = INDUSTRY_CODES.map((code) => messages.get(`resources.${resource}.values.industry.${code}`));
        expect(labels.every(Boolean), `${language} ${resource}`).toBe(true);
        expect(new Set(labels).size).toBe(61);
      }
    }
    expect(new Map(entries(messagesFor('de'))).get('resources.advertiser.values.industry.100')).toBe('Land- und Forstwirtschaft');
    expect(new Map(entries(messagesFor('en'))).get('resources.website.values.industry.6100')).toBe('Other');
  });
});
