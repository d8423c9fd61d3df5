/**
 * The statuses that follow the calendar (SPEC section 4): an upcoming booking is active from its start day;
 * a running one whose end day has passed is finished, and its line items stop. Run hourly by the job queue.
 */
import { Op } from 'sequelize';
import type { Core, Row } from '@adsuite/backend/kit';
import { today } from './budget.ts';

export const CALENDAR_JOB = 'booking.calendar';
export const CALENDAR_INTERVAL_MS = 3_600_000;

const RUNNING = ['published', 'upcoming', 'active', 'paused'];

export async function followCalendar(core: Core): Promise<{ started: number; finished: number }> {
  const day = today();
  return core.sequelize.transaction(async (transaction) => {
    const bookings = core.model('booking');
    const move = async (where: Row, status: string) => {
      const rows = (await bookings.findAll({ where: { ...where, archivedAt: null }, attributes: ['id', 'campaign'], raw: true, transaction, lock: transaction.LOCK.UPDATE })) as Row[];
      if (!rows.length) return rows;
      await bookings.update({ status }, { where: { id: { [Op.in]: rows.map((row) => row.id) } }, transaction });
      const campaigns = rows.map((row) => row.campaign).filter(Boolean);
      if (campaigns.length) await core.model('campaign').update({ status }, { where: { id: { [Op.in]: campaigns } }, transaction });
      return rows;
    };
    const started = await move({ status: 'upcoming', start: { [Op.lte]: day } }, 'active');
    const finished = await move({ status: { [Op.in]: RUNNING }, continously: { [Op.not]: true }, end: { [Op.lt]: day } }, 'finished');
    if (finished.length) {
      await core.model('lineitem').update({ active: false }, { where: { booking: { [Op.in]: finished.map((row) => row.id) } }, transaction });
    }
    return { started: started.length, finished: finished.length };
  });
}
