/**
 * `dataAsOf` of every report answer: when an event batch last added to the rollups the reports read (the newest
 * commit time `stat_data_as_of` keeps per advertiser, rollups.ts). The figures of an answer include everything
 * committed until then: it is read before them. One row per advertiser that ever had an event counted; the whole
 * table is read (some thousand rows at most), so the time is the pipeline's, not the advertiser's last event: a
 * campaign without traffic in the last hour still shows figures of a minute ago.
 *
 * Onsite events without a campaign (the container script's) do not add to these rollups and do not move it.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import { DATA_AS_OF_TABLE } from './rollups.ts';

/** The newest commit of an event batch (ISO, UTC), null before the first. */
export async function dataAsOf(core: Core): Promise<string | null> {
  const [row] = await core.sequelize.query<{ at: Date | string | null }>(`SELECT MAX(committed) AS at FROM ${DATA_AS_OF_TABLE}`, { type: QueryTypes.SELECT });
  return row?.at ? new Date(row.at).toISOString() : null;
}

/** A report's answer with `dataAsOf`, read before the figures (so they hold at least what it names). */
export async function withDataAsOf<T extends object>(core: Core, read: () => Promise<T>): Promise<T & { dataAsOf: string | null }> {
  const asOf = await dataAsOf(core);
  return { ...(await read()), dataAsOf: asOf };
}
