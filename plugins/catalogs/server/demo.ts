/**
 * The demo catalog's products (SEED_DEMO): the Demo Shop's product feed (demo/feed.csv, as an uploaded feed) imported
 * through the import itself, once, while the catalog has no products. Its feed URL names the demo shop, which is no
 * real host, so the demo's products come from the file.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR, type Core, type Row } from '@adsuite/backend/kit';
import { feedDir, runImport } from './importJob.ts';

const DEMO_FEED = path.join(ROOT_DIR, 'plugins', 'catalogs', 'server', 'demo', 'feed.csv');
const DEMO_CATALOG = 'Demo Shop product feed';

export async function seedDemoCatalog(core: Core): Promise<void> {
  const catalog = (await core.model('catalog').findOne({ where: { name: DEMO_CATALOG, archivedAt: null }, raw: true })) as Row | null;
  if (!catalog || catalog.importRunning) return;
  if ((await core.model('product').count({ where: { catalog: catalog.id } })) > 0) return;
  const dir = path.join(feedDir(core), 'uploads');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.feed`);
  await copyFile(DEMO_FEED, file);
  const job = `demo-${randomUUID()}`;
  await core.model('catalog').update(
    { importRunning: true, importJob: job, importFile: path.relative(core.env.dataDir, file), feedFile: 'demo-feed.csv', datatype: 'csv', compression: 'none', delimiter: ';' },
    { where: { id: catalog.id } },
  );
  await runImport(core, String(catalog.id), { id: job, runCount: 1, maxRuns: 1 });
}
