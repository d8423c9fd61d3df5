/**
 * The finance mails (low balance, out of balance, payment receipt) go through the core's
 * `sendMail(core, { to, template, language, data })` in backend/src/mail, loaded when it is there (its
 * templates take money in cents). Without that module the adapter only notes once that mails are not sent.
 * A failing mail never fails the money movement that caused it: mails go out after the commit, without
 * holding up the answer, and their errors are logged.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Core, ROOT_DIR } from '@adsuite/backend/kit';
import type { AdvertiserFunds } from './ledger.ts';

interface BalanceData {
  name?: string;
  advertiser: string;
  balanceCents: number;
  link?: string;
}

export type FinanceMail = { to: string; language: 'de' | 'en' } & (
  | { template: 'lowBalance' | 'outOfBalance'; data: BalanceData }
  | { template: 'paymentReceipt'; data: BalanceData & { amountCents: number; reference: string } }
);

export type FinanceTemplate = FinanceMail['template'];

/** Who gets an advertiser's finance mails: its owner (the company account or the agency). */
export function recipientOf(funds: AdvertiserFunds): { to: string; language: 'de' | 'en'; name?: string } | null {
  const { owner } = funds;
  return owner ? { to: owner.email, language: owner.language === 'en' ? 'en' : 'de', name: owner.name ?? undefined } : null;
}

type SendMail = (core: Core, mail: FinanceMail) => Promise<unknown>;

const CANDIDATES = ['backend/src/mail/index.ts', 'backend/src/mail.ts'];

async function loadSendMail(): Promise<SendMail | null> {
  for (const candidate of CANDIDATES) {
    const file = path.join(ROOT_DIR, candidate);
    if (!existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as { sendMail?: SendMail };
    if (typeof mod.sendMail === 'function') return mod.sendMail;
  }
  return null;
}

let sendMail: Promise<SendMail | null> | undefined;
let notedMissing = false;

export const financeMail = {
  async send(core: Core, mail: FinanceMail): Promise<void> {
    try {
      const send = await (sendMail ??= loadSendMail());
      if (send) {
        await send(core, mail);
      } else if (!notedMissing) {
        notedMissing = true;
        console.info(`finances: backend/src/mail is not there yet, so the "${mail.template}" mail to ${mail.to} (and later ones) is not sent.`);
      }
    } catch (error) {
      console.error(`finances: the "${mail.template}" mail to ${mail.to} failed`, error);
    }
  },
};
