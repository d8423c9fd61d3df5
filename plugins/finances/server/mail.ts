/**
 * The finance mails (low balance, out of balance, payment receipt) go through the core's
 * `sendMail(core, { to, template, language, data })` of the server kit (its templates take money in cents); the
 * compiled server bundles it like the rest.
 * A failing mail never fails the money movement that caused it: mails go out after the commit, without
 * holding up the answer, and their errors are logged.
 */
import { type Core, sendMail } from '@adsuite/backend/kit';
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

export const financeMail = {
  async send(core: Core, mail: FinanceMail): Promise<void> {
    try {
      await sendMail(core, mail);
    } catch (error) {
      console.error(`finances: the "${mail.template}" mail to ${mail.to} failed`, error);
    }
  },
};
