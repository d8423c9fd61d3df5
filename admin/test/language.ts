/**
 * The browser suites' language check: a page reads one language end to end. In German no English sentence, no
 * English text of the catalogue or of MUI's defaults ('Go to next page', 'Clear', '1–10 of 448'); in English no
 * German sentence or German-only text; in both no stored value where the reader should see its label ('googleads'
 * for Google Ads, 'delivery', 'Campaign Management') and no catalogue key ('app.dashboard.title'). Pure functions
 * of the page's text and labels, so the check has its own test (language.test.ts); browser.ts reads the page.
 */
import { CHANNELS } from '@adsuite/config';
import { valueLabels } from '@adsuite/config/i18n/index';
import { messagesFor } from '../src/i18n/messages.ts';

export type Language = 'de' | 'en';

/**
 * English function words (without those German shares: 'in', 'an', 'was'): German text has next to none, an
 * English sentence three or more. Product names and demo data have none (or fewer); ALLOWED_ENGLISH names the
 * lines that may read English all the same.
 */
const ENGLISH_WORDS = /\b(the|and|or|please|you|your|we|our|not|is|are|were|it|its|if|only|which|with|for|this|that|of|to|be|has|have|a|no|could|would|should|must|will|can|been|there|here|on|at|by|from)\b/gi;
/** German function words: a German sentence that quotes a few English words ('lit. a', 'on' in a name) stays German. */
const GERMAN_WORDS = /\b(der|die|das|und|ist|nicht|sie|ihr|ihre|ihren|mit|für|zu|ein|eine|einen|den|dem|des|auf|wir|bei|oder|im|vom|zum|wird|werden|kann|können|bitte|sich|auch|nur|noch|es|wenn|von)\b/gi;
/** Lines the German run may show in English: product names and what the demo data's advertisers wrote. */
export const ALLOWED_ENGLISH: readonly string[] = [];

const count = (line: string, words: RegExp) => (line.match(words) ?? []).length;
const sentencesIn = (text: string, own: RegExp, other: RegExp) => text.split('\n').map((line) => line.trim())
  .filter((line) => !ALLOWED_ENGLISH.includes(line) && count(line, other) >= 3 && count(line, other) > count(line, own));

/** The lines of a text that read like English sentences (the German run shows none). */
export const englishLines = (text: string): string[] => sentencesIn(text, GERMAN_WORDS, ENGLISH_WORDS);
/** The lines of a text that read like German sentences (the English run shows none). */
export const germanLines = (text: string): string[] => sentencesIn(text, ENGLISH_WORDS, GERMAN_WORDS);

type Tree = { [key: string]: string | Tree };

function textsOf(tree: Tree, into = new Set<string>()): Set<string> {
  for (const value of Object.values(tree)) {
    if (typeof value !== 'string') textsOf(value, into);
    else for (const form of value.split('||||')) if (!form.includes('%{')) into.add(form.trim());
  }
  return into;
}

/** Languages name themselves in a language switch ('Deutsch' on the English page). */
const ENDONYMS = new Set(['Deutsch', 'English']);
/** MUI's English defaults, which a component shows when nobody gave it the reader's words. */
const MUI_ENGLISH = ['Go to first page', 'Go to last page', 'Go to next page', 'Go to previous page', 'Clear', 'Close', 'Open', 'No options', 'Loading…', 'Rows per page:', 'Show path'];
/** MUI's English row count of a table page ('1–10 of 448'). */
const ENGLISH_ROWS = /^\d+\s*[–-]\s*\d+ of (more than )?\d+$/;

interface Vocabulary {
  /** Texts of the other language's catalogue that this one never shows. */
  foreign: Set<string>;
  /** Stored values that read as a label in this language: value -> label. */
  raw: Map<string, string>;
}

function vocabularyOf(language: Language): Vocabulary {
  const own = textsOf(messagesFor(language) as Tree);
  const other = textsOf(messagesFor(language === 'de' ? 'en' : 'de') as Tree);
  const foreign = new Set([...other].filter((text) => !own.has(text) && text.length > 2 && /\p{L}{2}/u.test(text)));
  if (language === 'de') for (const text of MUI_ENGLISH) foreign.add(text);
  const labelled: [string, string][] = [
    ...Object.entries(valueLabels[language]),
    ...CHANNELS.map((channel): [string, string] => [channel.key, channel.name]),
    ...Object.values((messagesFor(language) as { resources: Record<string, { values?: Record<string, Record<string, string>> }> }).resources)
      .flatMap((resource) => Object.values(resource.values ?? {}).flatMap((values) => Object.entries(values))),
  ];
  // A value that reads as itself, or is a text of the catalogue anyway ('Optimizer' as a menu entry), or a number
  // (industry code 100, as a count shows it) says nothing.
  const raw = new Map(labelled.filter(([value, label]) => value !== label && !own.has(value) && !/^[\d\s.,%-]*$/.test(value) && value.length > 1));
  return { foreign, raw };
}

const VOCABULARY = { de: vocabularyOf('de'), en: vocabularyOf('en') };

/** A line that lists names ('Google Ads, outbrain') as its items; a sentence with commas stays one piece. */
function listItems(line: string): string[] {
  const items = line.split(', ');
  return items.length > 1 && !/[.!?:]$/.test(line.trim()) && items.every((item) => item.trim().split(/\s+/).length <= 3) ? items : [line];
}
const CATALOGUE_KEY = /^(ra|app|resources)\.[a-z_]+(\.[\w-]+)+$/;

/** What a page shows: its text (tables' cells separated by tabs) and its elements' labels (aria-label, title, placeholder). */
export interface Shown {
  text: string;
  labels: string[];
  /** The texts of its table cells: records' data, which may be in any language ('Automotive', an IAB category). */
  cells?: string[];
  /** Identifiers shown as code (a channel's key) and words marked not to be translated (an advertiser's keywords): as stored on purpose. */
  codes?: string[];
}

/**
 * The words of a page that are not in `language`: each as '<kind>: <text>'. Cells, chips and list items are
 * looked at whole (a value inside a sentence is the sentence's business).
 */
export function languageProblems({ text, labels, cells = [], codes = [] }: Shown, language: Language): string[] {
  const { foreign, raw } = VOCABULARY[language];
  const data = new Set(cells.map((cell) => cell.trim()));
  const code = new Set(codes.map((piece) => piece.trim()));
  const problems = (language === 'de' ? englishLines(text) : germanLines(text)).map((line) => `${language === 'de' ? 'English' : 'German'} sentence: ${line}`);
  const pieces = [...text.split(/\n|\t| · | \| /).flatMap(listItems), ...labels].map((piece) => piece.trim()).filter(Boolean);
  for (const piece of new Set(pieces)) {
    if (CATALOGUE_KEY.test(piece)) problems.push(`catalogue key: ${piece}`);
    else if (code.has(piece) || ENDONYMS.has(piece)) continue;
    else if (raw.has(piece)) problems.push(`stored value: ${piece} (reads "${raw.get(piece)}")`);
    else if ((foreign.has(piece) && !data.has(piece)) || (language === 'de' && ENGLISH_ROWS.test(piece))) problems.push(`${language === 'de' ? 'English' : 'German'} text: ${piece}`);
  }
  return problems;
}
