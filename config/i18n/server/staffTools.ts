/**
 * Staff tools (plugins/optimizer, plugins/activitylog): the optimizer's hints and problems (SPEC section 8
 * "Optimizer hints", section 5 "Health thresholds" and "Problems view"), the MCT calculator's refusals, the CRR
 * re-run and the activity log's and network monitoring's refusals. Percentages and counts are plain numbers the
 * server has rounded; money is `{ money: cents }`.
 */
import type { Messages } from './shape.ts';

const de = {
  hint: {
    top_products: 'Nur %{count} Top-Produkte: bitte die API prüfen.',
    top_referers: 'Nur %{count} Top-Referrer: bitte die API prüfen.',
    no_delivery: 'Keine Impressionen oder keine Klicks im Zeitraum.',
    no_lineitem: 'Kein aktives Line Item.',
    no_budget: 'Kein Budget: weder Tages- noch Gesamtbudget gesetzt.',
    product_events: 'Zu wenige Produkt-Pixel-Aufrufe: %{percent} % der Klicks.',
    product_ids: 'Produkt-Pixel ohne ID: nur %{percent} % tragen eine Produkt-ID.',
    catalog_ids: 'IDs weichen vom Katalog ab: nur %{percent} % der Produkt-IDs stehen im Katalog.',
    sale_pixel: 'Bitte das Sale-Tracking-Pixel prüfen: ein Tag mit Klicks, aber ohne Verkäufe. |||| Bitte das Sale-Tracking-Pixel prüfen: %{smart_count} Tage mit Klicks, aber ohne Verkäufe.',
    qty_increase: 'QTY erhöhen: Auslieferung bei %{percent} % des Budgets.',
    qty_decrease: 'QTY senken: Auslieferung bei %{percent} % des Budgets.',
    ms_high: 'MS zu hoch: Marktanteil %{share} % bei einem Ziel von %{target} %.',
    ctr_low: 'CTR zu niedrig: %{ctr} % bei einem Ziel von %{target} %.',
    octr_key: 'oCTR-Key hinzufügen: die Kampagne wird ohne ihn beworben.',
    remove_sticky: 'Sticky entfernen: die Kampagne läuft ohne Warnungen.',
    remove_blacklisting: 'Blacklisting entfernen: eine Blacklist bremst die Auslieferung (%{percent} % des Budgets).',
    reduce_strictness: 'Strenge verringern: N-te %{nth} und Sperrzeit %{minutes} Minuten bremsen die Auslieferung.',
    remove_linux: 'Linux-Ausschluss entfernen: ausgeschlossene User-Agents bremsen die Auslieferung.',
    check_pixels: 'Bitte die Pixel prüfen: der Shop hat im Zeitraum keine Onsite-Ereignisse gesendet.',
    too_small: 'Die Kampagne ist vielleicht zu klein: %{budget} pro Tag.',
  },
  problem: {
    cr_high: 'CR %{value} % über 110 % des Ziels von %{target} %',
    network_cr_high: 'Netzwerk-CR %{value} % über 110 % des Ziels von %{target} %',
    ms_high: 'MS %{value} % über 110 % des Ziels von %{target} %',
    sales_delta: 'Verkäufe %{delta} (%{percent} %) gegenüber dem vorigen Zeitraum',
    days_without_sales: 'Ein Tag ohne Verkäufe |||| %{smart_count} Tage ohne Verkäufe',
    few_crrs: 'Nur %{count} von %{days} CRR-Tagen',
    many_oprs: 'OPR %{value} über 110 % des Ziels von %{target}',
  },
  mct: {
    failed: 'Beim Berechnen des MCT ist ein Fehler aufgetreten.',
    required: 'Bitte geben Sie „%{name}“ an.',
    whole: '„%{name}“ muss eine ganze Zahl ab %{min} sein.',
    positive: '„%{name}“ muss eine Zahl über 0 sein.',
    step: 'Die Feinheit muss eine ganze Zahl von 1 bis 10 sein.',
    more_than_shop: 'Die Verkäufe über AdSuite können nicht höher sein als die des Shops.',
    no_target: 'Der Optimierer dieser Kampagne hat kein Marktanteil-Ziel (MS).',
    no_optimizer: 'Diese Kampagne hat keinen Optimierer.',
    no_sales: 'Ohne Verkäufe über AdSuite lässt sich der MCT nicht berechnen.',
  },
  crr: {
    done: 'Die Kosten-Umsatz-Tage vom %{day} sind neu berechnet (%{count} Kampagnen).',
  },
  range: {
    bad_date: 'Der Parameter „%{name}“ muss ein Datum der Form JJJJ-MM-TT sein.',
    end_before_start: 'Das Ende des Zeitraums darf nicht vor seinem Anfang liegen.',
    too_early: 'Der Zeitraum darf frühestens am %{min} beginnen.',
    too_long: 'Der Zeitraum darf höchstens %{days} Tage umfassen.',
    bad_ids: 'Der Parameter „%{name}“ muss eine Liste von IDs sein (höchstens %{max}).',
    bad_choice: 'Der Parameter „%{name}“ muss einer dieser Werte sein: %{options}.',
    bad_number: 'Der Parameter „%{name}“ muss eine ganze Zahl von %{min} bis %{max} sein.',
    bad_text: 'Der Parameter „%{name}“ darf höchstens %{max} Zeichen lang sein.',
  },
  activity: {
    no_versions: 'Zu diesem Objekt gibt es keine Versionen.',
  },
  console: {
    only_sysop: 'Die Datenkonsole ist nur für den Systemoperator.',
  },
};

const en: Messages<typeof de> = {
  hint: {
    top_products: 'Only %{count} top products: check the API.',
    top_referers: 'Only %{count} top referers: check the API.',
    no_delivery: 'No views or no clicks in this period.',
    no_lineitem: 'No active line item.',
    no_budget: 'No budget: neither a daily nor a total budget is set.',
    product_events: 'Too few product pixel impressions: %{percent} % of the clicks.',
    product_ids: 'Product pixels without ID: only %{percent} % carry a product ID.',
    catalog_ids: 'IDs differ from the catalog: only %{percent} % of the product IDs are in the catalog.',
    sale_pixel: 'Check the sale tracking pixel: one day with clicks but no sales. |||| Check the sale tracking pixel: %{smart_count} days with clicks but no sales.',
    qty_increase: 'Increase QTY: delivery at %{percent} % of the budget.',
    qty_decrease: 'Decrease QTY: delivery at %{percent} % of the budget.',
    ms_high: 'MS too high: market share %{share} % against a target of %{target} %.',
    ctr_low: 'CTR too low: %{ctr} % against a target of %{target} %.',
    octr_key: 'Add an oCTR key: the campaign is promoted without one.',
    remove_sticky: 'Remove sticky: the campaign runs without warnings.',
    remove_blacklisting: 'Remove blacklisting: a blacklist holds back the delivery (%{percent} % of the budget).',
    reduce_strictness: 'Reduce strictness: nth %{nth} and a blocker time of %{minutes} minutes hold back the delivery.',
    remove_linux: 'Remove the Linux exclusion: excluded user agents hold back the delivery.',
    check_pixels: 'Check the pixels: the shop sent no onsite events in this period.',
    too_small: 'The campaign might be too small: %{budget} a day.',
  },
  problem: {
    cr_high: 'CR %{value} % above 110 % of the target %{target} %',
    network_cr_high: 'Network CR %{value} % above 110 % of the target %{target} %',
    ms_high: 'MS %{value} % above 110 % of the target %{target} %',
    sales_delta: 'Sales %{delta} (%{percent} %) against the previous period',
    days_without_sales: 'One day without sales |||| %{smart_count} days without sales',
    few_crrs: 'Only %{count} of %{days} CRR days',
    many_oprs: 'OPR %{value} above 110 % of the target %{target}',
  },
  mct: {
    failed: 'An error occurred while calculating the MCT.',
    required: 'Please enter "%{name}".',
    whole: '"%{name}" must be a whole number of at least %{min}.',
    positive: '"%{name}" must be a number above 0.',
    step: 'The step must be a whole number from 1 to 10.',
    more_than_shop: 'The sales through AdSuite cannot be more than the shop\'s.',
    no_target: 'The optimizer of this campaign has no market share target (MS).',
    no_optimizer: 'This campaign has no optimizer.',
    no_sales: 'Without sales through AdSuite the MCT cannot be calculated.',
  },
  crr: {
    done: 'The cost-revenue days of %{day} were calculated again (%{count} campaigns).',
  },
  range: {
    bad_date: 'Parameter "%{name}" must be a date as YYYY-MM-DD.',
    end_before_start: 'The end of the period cannot be before its start.',
    too_early: 'The period cannot start before %{min}.',
    too_long: 'The period can span %{days} days at most.',
    bad_ids: 'Parameter "%{name}" must be a list of IDs (at most %{max}).',
    bad_choice: 'Parameter "%{name}" must be one of: %{options}.',
    bad_number: 'Parameter "%{name}" must be a whole number from %{min} to %{max}.',
    bad_text: 'Parameter "%{name}" can be %{max} characters long at most.',
  },
  activity: {
    no_versions: 'There are no versions of this record.',
  },
  console: {
    only_sysop: 'The data console is for the systemoperator only.',
  },
};

export const staffToolMessages = { de, en };
