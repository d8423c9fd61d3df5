/**
 * Texts of the sync-queue viewer (`app.syncqueue.*`), German first. The type makes English carry every German
 * key; messages.test.ts checks the placeholders.
 */
const de = {
  title: 'Sync-Queue',
  choose: 'Wählen Sie einen Job in der Liste, um seinen Job-Baum zu sehen.',
  tree: 'Job-Baum',
  not_found: 'Dieser Job wurde nicht gefunden.',
  run: 'Jobs ausführen',
  run_done: 'Ein Job eingereiht. |||| %{smart_count} Jobs eingereiht.',
  force: 'Erneut ausführen',
  forced: 'Der Job läuft erneut.',
  id: 'ID',
  type: 'Typ',
  status: 'Status',
  run_count: 'Durchläufe: %{count}',
  notified: 'Technik informiert',
  last_run: 'Letzter Lauf: %{date}',
  messages: 'Meldungen',
  all: 'Alle',
  last: 'Letzte',
  no_messages: 'Es gibt keine Meldungen',
  dependencies: 'Abhängige Jobs',
  no_dependencies: 'Keine abhängigen Jobs.',
};

const en: typeof de = {
  title: 'Sync queue',
  choose: 'Choose a job in the list to see its job tree.',
  tree: 'Job tree',
  not_found: 'This job was not found.',
  run: 'Run jobs',
  run_done: 'One job queued. |||| %{smart_count} jobs queued.',
  force: 'Run again',
  forced: 'The job runs again.',
  id: 'ID',
  type: 'Type',
  status: 'Status',
  run_count: 'Runs: %{count}',
  notified: 'Technicians informed',
  last_run: 'Last run: %{date}',
  messages: 'Messages',
  all: 'All',
  last: 'Last',
  no_messages: 'There are no messages',
  dependencies: 'Dependent jobs',
  no_dependencies: 'No dependent jobs.',
};

export const messages = { de, en };
