/**
 * Setting an affiliate program live (SPEC section 4 "Wizard: live true after set-live"): its catalog (automatic from
 * the wizard's feed, or manual), the import of that feed as the job `catalog.import` (run by the catalogs plugin; it
 * waits in the queue until a handler is there), and the shop's tracking code. All in one transaction under the
 * wizard's row lock, each made once: setting a live program live again makes nothing twice.
 */
import { EVENT_CLASSES } from '@adsuite/config';
import { type Core, Forbidden, getRecord, NotFound, recordActivity, type RequestContext, type Row, serialize, text } from '@adsuite/backend/kit';
import { MANUAL_DATASOURCE } from '@adsuite/config/resources/wizard';
import { universalSnippet } from '../snippets.ts';

export const CATALOG_IMPORT_JOB = 'catalog.import';

/** The catalog's own names for the feed's format, where its declaration has them. */
const FEED_FIELDS = ['datatype', 'compression', 'delimiter'] as const;

export interface LiveProgram {
  wizard: Row;
  catalog: string;
  trackingcode: string;
  /** The import queued by this call; null when the catalog was there already or is filled by hand. */
  importJob: string | null;
}

const notFound = () => new NotFound(text('affiliate.wizard.not_found'));

export async function setLive(core: Core, ctx: RequestContext, id: string): Promise<LiveProgram> {
  const resource = core.resource('wizard');
  // 404 for a wizard the user cannot see, 403 for one it may see and not change.
  await getRecord(core, ctx, resource, id);
  if (!ctx.ability.can('update', 'wizard')) throw new Forbidden();
  return core.sequelize.transaction(async (transaction) => {
    const wizard = (await core.model('wizard').findOne({ where: { id }, raw: true, transaction, lock: transaction.LOCK.UPDATE })) as Row | null;
    if (!wizard || wizard.archivedAt) throw notFound();
    const made = async (name: string, values: Row) => {
      const row = (await core.model(name).create(values, { transaction })).get({ plain: true }) as Row;
      await recordActivity(core, ctx, core.resource(name), 'create', row, transaction);
      return String(row.id);
    };
    const automatic = wizard.datasource !== MANUAL_DATASOURCE;
    let importJob: string | null = null;
    let catalog = wizard.catalog as string | null;
    if (!catalog) {
      const fields = core.resource('catalog').fields;
      const feed = Object.fromEntries(FEED_FIELDS.filter((key) => key in fields).map((key) => [key, wizard[key]]));
      catalog = await made('catalog', {
        name: wizard.name, advertiser: wizard.advertiser, source: automatic ? 'automatic' : 'manual', url: automatic ? wizard.datasource : null, ...(automatic ? feed : {}),
      });
      if (automatic) importJob = await core.jobs.enqueue(CATALOG_IMPORT_JOB, { catalog }, { transaction });
    }
    let trackingcode = wizard.trackingcode as string | null;
    if (!trackingcode) {
      const origin = `${new URL(core.env.publicUrl).protocol}//${wizard.adserver}`;
      trackingcode = await made('trackingcode', {
        name: wizard.name, advertiser: wizard.advertiser, type: 'universal', events: [...EVENT_CLASSES], active: true,
        code: universalSnippet(origin, String(wizard.advertiser)),
      });
    }
    const changes = { live: true, catalog, trackingcode };
    const unchanged = wizard.live === true && wizard.catalog === catalog && wizard.trackingcode === trackingcode;
    if (!unchanged) {
      await core.model('wizard').update(changes, { where: { id }, transaction });
      await recordActivity(core, ctx, resource, 'update', { ...wizard, ...changes }, transaction);
    }
    return { wizard: serialize(resource, { ...wizard, ...changes }, ctx.language), catalog, trackingcode, importJob };
  });
}
