/**
 * The publishers a view or click may name (`pub=` of the ad tag, the banner's link and the click splitter): an id
 * that is no publisher's (unknown, archived) is not trusted, the event is stored without it (no publisher in the
 * reports) and nobody is credited for it.
 *
 * Every publisher's id is kept per process, so a view or click pays no query. The list is read again when a
 * publisher may have changed (core.sessions' generation moves with every write of the publishers table: in this
 * process by model hooks, in the others by PostgreSQL NOTIFY; backend/src/auth/sessionCache.ts) and at the latest
 * after PUBLISHERS_TTL_MS. Requests that find it stale share one read.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';

export const PUBLISHERS_TTL_MS = 60_000;

interface Known {
  ids: Set<string>;
  at: number;
  /** core.sessions' generation when the read began: a change after it makes the list stale. */
  stamp: number;
}

interface State {
  known?: Known;
  loading?: { stamp: number; read: Promise<Known> };
}

const states = new WeakMap<Core, State>();

const generationOf = (core: Core): number => core.sessions?.stamp() ?? 0;

/** The list as read now: a read under way is shared when nothing changed since it began. */
function load(core: Core, state: State): Promise<Known> {
  const stamp = generationOf(core);
  if (state.loading?.stamp === stamp) return state.loading.read;
  const at = Date.now();
  const read = core.sequelize.query<{ id: string }>(`SELECT id FROM ${core.resource('publisher').table} WHERE archived_at IS NULL`, { type: QueryTypes.SELECT })
    .then((rows) => {
      const known = { ids: new Set(rows.map((row) => row.id)), at, stamp };
      // A read that began earlier and ended later does not replace a newer one.
      if (!state.known || state.known.at <= at) state.known = known;
      return known;
    })
    .finally(() => {
      if (state.loading?.read === read) state.loading = undefined;
    });
  state.loading = { stamp, read };
  return read;
}

/** Whether `id` is a publisher's (not archived). */
export async function knownPublisher(core: Core, id: string): Promise<boolean> {
  let state = states.get(core);
  if (!state) states.set(core, (state = {}));
  const known = state.known;
  if (known && known.stamp === generationOf(core) && Date.now() - known.at < PUBLISHERS_TTL_MS) return known.ids.has(id);
  return (await load(core, state)).ids.has(id);
}
