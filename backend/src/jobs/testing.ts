/**
 * What the job queue tests share with the second process they start (crashWorker.ts): a handler with an
 * effect that must happen once however often it runs, written the way every handler must be (issue 9): the
 * state it moves on is checked under a row lock and the effect is written in the same transaction as that state.
 */
import type { Sequelize } from 'sequelize';
import { QueryTypes } from 'sequelize';
import type { JobHandlers } from '../plugin.ts';

export const FULFIL_JOB = 'test.fulfil';

/** Where a handler of the crash worker stops to be killed: inside its transaction, or after it committed. */
export type CrashPoint = 'before-commit' | 'after-commit';

export async function createOrderTables(sequelize: Sequelize): Promise<void> {
  await sequelize.query(`CREATE TABLE IF NOT EXISTS test_orders (id TEXT PRIMARY KEY, status TEXT NOT NULL DEFAULT 'new')`);
  await sequelize.query(`CREATE TABLE IF NOT EXISTS test_order_lines (id BIGSERIAL PRIMARY KEY, order_id TEXT NOT NULL, worker TEXT NOT NULL)`);
}

/**
 * `test.fulfil { orderId, crashAt? }`: writes one line for a new order and marks it fulfilled. With `hang` (the
 * crash worker) the handler calls it at the payload's crash point, and it never returns: the process is killed there.
 */
export function fulfilHandlers(sequelize: Sequelize, worker: string, hang?: (point: CrashPoint, orderId: string) => Promise<never>): JobHandlers {
  return {
    [FULFIL_JOB]: async (payload) => {
      const orderId = String(payload.orderId);
      const crashAt = hang ? (payload.crashAt as CrashPoint | undefined) : undefined;
      await sequelize.transaction(async (transaction) => {
        const [order] = await sequelize.query<{ status: string }>('SELECT status FROM test_orders WHERE id = :orderId FOR UPDATE', {
          replacements: { orderId }, type: QueryTypes.SELECT, transaction,
        });
        if (!order || order.status !== 'new') return;
        await sequelize.query('INSERT INTO test_order_lines (order_id, worker) VALUES (:orderId, :worker)', { replacements: { orderId, worker }, transaction });
        if (crashAt === 'before-commit') await hang!(crashAt, orderId);
        await sequelize.query(`UPDATE test_orders SET status = 'fulfilled' WHERE id = :orderId`, { replacements: { orderId }, transaction });
      });
      if (crashAt === 'after-commit') await hang!(crashAt, orderId);
    },
  };
}
