/**
 * The day partitions of the raw `events` table (migration 0009): made ahead by the recurring job
 * `tracking.partitions` (today and the next 7 days) and on demand by the pipeline for any day it writes (the
 * demo history, a late delivery report); dropped with their rows after TRACKING_RETENTION_DAYS. Access logs are
 * kept ACCESSLOG_RETENTION_DAYS (SPEC section 9), the rollups as long as the raw events.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import { ACCESSLOG_RETENTION_DAYS, TRACKING_RETENTION_DAYS } from '@adsuite/config';

const DAY_MS = 86_400_000;
const known = new Set<string>();

export const partitionName = (day: string) => `events_${day.replaceAll('-', '')}`;
const dayAfter = (day: string) => new Date(Date.parse(day) + DAY_MS).toISOString().slice(0, 10);

/** Makes the partitions of these days (YYYY-MM-DD) unless they exist. */
export async function ensurePartitions(core: Core, days: string[]): Promise<void> {
  for (const day of days) {
    if (known.has(day)) continue;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
    try {
      await core.sequelize.query(`CREATE TABLE IF NOT EXISTS ${partitionName(day)} PARTITION OF events FOR VALUES FROM ('${day}') TO ('${dayAfter(day)}')`);
    } catch (error) {
      // Two processes making the same partition at once: the second one finds it made.
      const [row] = await core.sequelize.query<{ name: string | null }>(`SELECT to_regclass('${partitionName(day)}') AS name`, { type: QueryTypes.SELECT });
      if (!row?.name) throw error;
    }
    known.add(day);
  }
}

/** Forgets what this process knows about partitions (a test dropped them). */
export function forgetPartitions(): void {
  known.clear();
}

/** The partitions of `events` with their day, oldest first. */
export async function listPartitions(core: Core): Promise<{ name: string; day: string }[]> {
  const rows = await core.sequelize.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
     WHERE p.relname = 'events' ORDER BY c.relname`,
    { type: QueryTypes.SELECT },
  );
  return rows.flatMap(({ name }) => {
    const match = /^events_(\d{4})(\d{2})(\d{2})$/.exec(name);
    return match ? [{ name, day: `${match[1]}-${match[2]}-${match[3]}` }] : [];
  });
}

/** The recurring job: partitions for today and the next 7 days; the raw events, rollups and access logs past their time go. */
export async function maintainPartitions(core: Core, now = new Date()): Promise<{ made: string[]; dropped: string[] }> {
  const today = now.toISOString().slice(0, 10);
  const ahead = Array.from({ length: 8 }, (_, i) => new Date(Date.parse(today) + i * DAY_MS).toISOString().slice(0, 10));
  const before = new Set((await listPartitions(core)).map((p) => p.day));
  await ensurePartitions(core, ahead);
  const oldest = new Date(Date.parse(today) - TRACKING_RETENTION_DAYS * DAY_MS).toISOString().slice(0, 10);
  const dropped: string[] = [];
  for (const partition of await listPartitions(core)) {
    if (partition.day >= oldest) continue;
    await core.sequelize.query(`DROP TABLE IF EXISTS ${partition.name}`);
    known.delete(partition.day);
    dropped.push(partition.day);
  }
  await core.sequelize.query('DELETE FROM stat_hourly WHERE hour < $1', { bind: [oldest] });
  await core.sequelize.query('DELETE FROM stat_visitors WHERE day < $1', { bind: [oldest] });
  if (core.models.has('accesslog')) {
    const logsFrom = new Date(Date.parse(today) - ACCESSLOG_RETENTION_DAYS * DAY_MS).toISOString().slice(0, 10);
    await core.sequelize.query('DELETE FROM accesslogs WHERE day < $1', { bind: [logsFrom] });
  }
  return { made: ahead.filter((day) => !before.has(day)), dropped };
}
