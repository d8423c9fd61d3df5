/**
 * Catalogs (SPEC sections 3, 4 and 7): an advertiser's product catalogs imported from a feed (a URL or an uploaded
 * file; CSV or XML; none, zip, gz, tar or tar.gz), streamed by the job `catalog.import` (importJob.ts), and the
 * campaigns' top products and top referers from the shops' onsite events (tops.ts). Routes: routes.ts.
 *
 * Jobs: `catalog.import` (`{ catalog: <id> }`, queued by the catalog screen and by the affiliate wizard's set-live),
 * `catalog.tops` (daily: every running campaign's tops; `{ campaign }` for one).
 */
import { isUuid, PermanentFailure, type JobRun, type ServerPlugin } from '@adsuite/backend/kit';
import { seedDemoCatalog } from './demo.ts';
import { IMPORT_JOB, prepareImport, runImport } from './importJob.ts';
import { catalogsApi } from './openapi.ts';
import { catalogRoutes } from './routes.ts';
import { generateAllTops, generateTopProducts, generateTopReferers, TOPS_JOB } from './tops.ts';

const DAY_MS = 86_400_000;

const plugin: ServerPlugin = {
  name: 'catalogs',
  openapi: catalogsApi,
  api: catalogRoutes,
  async prepare(core) {
    await prepareImport(core);
  },
  seed: seedDemoCatalog,
  jobs(core) {
    return {
      [IMPORT_JOB]: async (payload, job) => {
        if (!isUuid(payload.catalog)) throw new PermanentFailure(`${IMPORT_JOB} needs { catalog: <id> }`);
        await runImport(core, payload.catalog as string, job as JobRun);
      },
      [TOPS_JOB]: async (payload) => {
        if (payload.campaign === undefined) return void (await generateAllTops(core));
        if (!isUuid(payload.campaign)) throw new PermanentFailure(`${TOPS_JOB} takes { campaign: <id> } or nothing`);
        await generateTopProducts(core, payload.campaign as string);
        await generateTopReferers(core, payload.campaign as string);
      },
    };
  },
  schedules: { [TOPS_JOB]: DAY_MS },
};

export default plugin;
