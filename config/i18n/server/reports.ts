/**
 * Statistics (plugins/reports): the refusals of the report APIs (Instant Report, Expert Analytics, dashboard
 * analytics). Dates are `{ day }` params (DD-MM-YYYY, SPEC section 9).
 */
import type { Messages } from './shape.ts';
import { statLabels } from '../statColumns.ts';

const de = {
  bad_date: 'Der Parameter „%{name}“ muss ein Datum der Form JJJJ-MM-TT sein.',
  start_too_early: 'Der Zeitraum darf frühestens am %{min} beginnen (6 Monate und 1 Tag zurück).',
  end_before_start: 'Das Ende des Zeitraums darf nicht vor seinem Anfang liegen.',
  end_too_late: 'Das Ende des Zeitraums darf höchstens bis %{max} reichen.',
  not_allowed: 'Sie haben keinen Zugriff auf diese Seite',
  select_advertiser: 'Bitte wählen Sie einen Werbetreibenden.',
  bad_ids: 'Der Parameter „%{name}“ muss eine Liste von IDs sein (höchstens %{max}).',
  bad_channels: 'Der Parameter „channels“ muss bekannte Kanäle nennen.',
  bad_sort: 'Nach „%{name}“ kann nicht sortiert werden. Erlaubt: %{options}.',
  bad_flag: 'Der Parameter „%{name}“ muss true oder false sein.',
  bad_compare: 'Der Parameter „compare“ kann nur %{options} sein.',
  details_target: 'Bitte nennen Sie genau eine Buchung (booking) oder eine Buchungsvorlage (bookingtemplate).',
  website_name: 'Bitte nennen Sie die Website als Domain (z. B. news.example.com).',
  website_app: 'Apps können nicht entfernt werden, nur Websites.',
  website_channels: 'Bitte wählen Sie mindestens einen Banner-Ads-Kanal, auf dem die Website entfernt wird.',
  select_publisher: 'Bitte wählen Sie einen Publisher.',
  bad_types: 'Bitte wählen Sie mindestens eine Statistik: %{options}.',
  bad_format: 'Das Format muss %{options} sein.',
  download: statLabels.de,
};

const en: Messages<typeof de> = {
  bad_date: 'Parameter "%{name}" must be a date as YYYY-MM-DD.',
  start_too_early: 'The range may start on %{min} at the earliest (6 months and 1 day back).',
  end_before_start: 'The end of the range may not be before its start.',
  end_too_late: 'The end of the range may be %{max} at the latest.',
  not_allowed: 'You are not allowed to access this page',
  select_advertiser: 'Please select an advertiser.',
  bad_ids: 'Parameter "%{name}" must be a list of ids (at most %{max}).',
  bad_channels: 'Parameter "channels" must name known channels.',
  bad_sort: 'Cannot sort by "%{name}". Allowed: %{options}.',
  bad_flag: 'Parameter "%{name}" must be true or false.',
  bad_compare: 'Parameter "compare" can only be %{options}.',
  details_target: 'Please name exactly one booking (booking) or booking template (bookingtemplate).',
  website_name: 'Please name the website as a domain (e.g. news.example.com).',
  website_app: 'Apps cannot be removed, only websites.',
  website_channels: 'Please choose at least one Banner Ads channel to remove the website from.',
  select_publisher: 'Please select a publisher.',
  bad_types: 'Please choose at least one statistic: %{options}.',
  bad_format: 'The format must be %{options}.',
  download: statLabels.en,
};

export const reportMessages = { de, en };
