/**
 * The publisher area's mails: written to the outbox in the transaction of the change they report (queueMail, with
 * a key, so a job run again writes none twice) and sent by the job MAIL_JOB queued in that transaction, so a mail
 * is neither lost nor sent twice (backend/src/mail). Texts are the catalogue's `publishers.mail.*`, in the
 * recipient's language.
 */
import type { Transaction } from 'sequelize';
import { QueryTypes } from 'sequelize';
import { type Core, deliverMail, isUuid, queueMail, type ServerText } from '@adsuite/backend/kit';

export const MAIL_JOB = 'publisherArea.mail';

export interface Recipient {
  id: string;
  email: string;
  name: string | null;
  language: string | null;
}

type Params = NonNullable<ServerText['params']>;

export interface Notice {
  to: Recipient;
  /** The catalogue entry of the mail's texts (`publishers.mail.invited`). */
  texts: string;
  params: Params;
  /** The product page the mail leads to (a path). */
  page: string;
  /** What the mail reports and its state: the same key writes the mail once. */
  key: string;
}

export async function queueNotice(core: Core, transaction: Transaction, notice: Notice): Promise<void> {
  const outboxId = await queueMail(core, {
    to: notice.to.email, template: 'notice', language: notice.to.language,
    data: { name: notice.to.name ?? undefined, texts: notice.texts, params: notice.params, link: `${core.env.publicUrl}${notice.page}` },
  }, { transaction, key: `${notice.key}:${notice.to.id}` });
  if (outboxId) await core.jobs.enqueue(MAIL_JOB, { outboxId }, { transaction });
}

export async function sendNotice(core: Core, outboxId: unknown): Promise<void> {
  if (isUuid(outboxId)) await deliverMail(core, outboxId);
}

const RECIPIENT = 'l.id, l.email, l.name, l.language';

/** The owner of a publisher, when it may sign in. */
export async function publisherOwner(core: Core, publisherId: string, transaction?: Transaction): Promise<Recipient | null> {
  const [row] = await core.sequelize.query<Recipient>(
    `SELECT ${RECIPIENT} FROM publishers p JOIN logins l ON l.id = p.owner_id
     WHERE p.id = $1 AND l.archived_at IS NULL AND l.login_allowed IS NOT FALSE`,
    { bind: [publisherId], type: QueryTypes.SELECT, transaction },
  );
  return row ?? null;
}

/**
 * Who hears a publisher's answer: the campaign's manager (its affiliate manager), else every affiliate manager of
 * the platform.
 */
export async function affiliateManagers(core: Core, manager: string | null, transaction?: Transaction): Promise<Recipient[]> {
  if (manager) {
    const [row] = await core.sequelize.query<Recipient>(
      `SELECT ${RECIPIENT} FROM logins l WHERE l.id = $1 AND l.archived_at IS NULL AND l.login_allowed IS NOT FALSE`,
      { bind: [manager], type: QueryTypes.SELECT, transaction },
    );
    if (row) return [row];
  }
  return core.sequelize.query<Recipient>(
    `SELECT ${RECIPIENT} FROM logins l WHERE l.role = 'affiliatemanager' AND l.archived_at IS NULL AND l.login_allowed IS NOT FALSE ORDER BY l.email`,
    { type: QueryTypes.SELECT, transaction },
  );
}
