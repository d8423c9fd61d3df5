/**
 * The shop side of the optimizer's product hints: per advertiser and UTC day, the onsite events its container
 * script sent, the product pixel events among them, those carrying a product id and those whose id names a
 * product of the advertiser's catalogs. The tracking pipeline keeps no rollup of onsite events by class, so
 * the daily job (crr.ts) rolls one complete day up here once, from that day's partition of the raw events
 * (read through the advertiser key of the partition); the dashboards read only this table.
 */
import type { Core } from '@adsuite/backend/kit';

export const ONSITE_TABLE = 'optimizer_onsite_days';

export async function prepareOnsite(core: Core): Promise<void> {
  await core.sequelize.query(`CREATE TABLE IF NOT EXISTS ${ONSITE_TABLE} (
    advertiser_id UUID NOT NULL,
    day DATE NOT NULL,
    events BIGINT NOT NULL DEFAULT 0,
    product_events BIGINT NOT NULL DEFAULT 0,
    with_id BIGINT NOT NULL DEFAULT 0,
    in_catalog BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (advertiser_id, day)
  )`);
}

/** Rolls `day` (YYYY-MM-DD) up again: the day's rows are replaced in one statement, so a second run changes nothing. */
export async function rollUpOnsiteDay(core: Core, day: string): Promise<number> {
  if (!core.models.has('event')) return 0;
  const events = core.resource('event').table;
  const products = core.models.has('product') ? core.resource('product').table : null;
  const inCatalog = products
    ? `count(*) FILTER (WHERE e.cls = 'product' AND e.product_id <> '' AND EXISTS (
         SELECT 1 FROM ${products} p WHERE p.advertiser_id = e.advertiser_id AND p.product_id = e.product_id AND p."archived_at" IS NULL))`
    : '0';
  const [, count] = await core.sequelize.transaction(async (transaction) => {
    await core.sequelize.query(`DELETE FROM ${ONSITE_TABLE} WHERE day = $1::date`, { bind: [day], transaction });
    return core.sequelize.query(
      `INSERT INTO ${ONSITE_TABLE} (advertiser_id, day, events, product_events, with_id, in_catalog)
       SELECT e.advertiser_id, $1::date, count(*), count(*) FILTER (WHERE e.cls = 'product'),
         count(*) FILTER (WHERE e.cls = 'product' AND e.product_id <> ''), ${inCatalog}
       FROM ${events} e WHERE e.day = $1::date AND e.kind = 'event' AND NOT e.bot GROUP BY e.advertiser_id`,
      { bind: [day], transaction },
    );
  });
  return Number(count ?? 0);
}
