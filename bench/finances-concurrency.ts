/**
 * Top-ups and spends on one advertiser under concurrency: throughput and latency through HTTP and through the
 * finances services, a burst of identical top-ups under one idempotency key, and the invariants afterwards
 * (balance = ledger sum, a prepaid balance never below zero, invoice numbers without gaps). Runs on
 * DATABASE_URL when set, else embedded PGlite (pool of one). Mails are counted, not sent, so the figures are
 * those of the money movements.
 * Usage: npx tsx bench/finances-concurrency.ts [operations per run] [concurrency]
 */
import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { startTestServer } from '@adsuite/backend/testkit';
import { auditBalance, InsufficientBalance, spend } from '../plugins/finances/server/ledger.ts';
import { financeMail, type FinanceMail } from '../plugins/finances/server/mail.ts';
import { sandboxProvider, SANDBOX_CARDS } from '../plugins/finances/server/payments/sandbox.ts';
import { topUp } from '../plugins/finances/server/topups.ts';

const operations = Number(process.argv[2] ?? 400);
const concurrency = Number(process.argv[3] ?? 50);
const TOP_UP = 500;
const SPEND = 550;
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/35', cvc: '123' };

type Kind = 'topup' | 'spend';
interface Outcome {
  kind: Kind;
  ok: boolean;
  ms: number;
  /** Balance after the operation, cents. */
  balance?: number;
}

/** Runs the tasks with at most `limit` at a time; resolves with every outcome. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

function report(label: string, outcomes: Outcome[], wallMs: number) {
  console.log(`${label}: ${outcomes.length} operations in ${(wallMs / 1000).toFixed(2)} s = ${(outcomes.length / (wallMs / 1000)).toFixed(0)} ops/s`);
  for (const kind of ['topup', 'spend'] as Kind[]) {
    const mine = outcomes.filter((o) => o.kind === kind);
    const times = mine.map((o) => o.ms).sort((a, b) => a - b);
    const refused = mine.filter((o) => !o.ok).length;
    console.log(`  ${kind.padEnd(6)} n=${String(mine.length).padStart(4)}  refused ${String(refused).padStart(4)}  p50 ${percentile(times, 0.5).toFixed(0).padStart(4)} ms  p90 ${percentile(times, 0.9).toFixed(0).padStart(4)} ms  p99 ${percentile(times, 0.99).toFixed(0).padStart(4)} ms  max ${(times.at(-1) ?? 0).toFixed(0).padStart(4)} ms`);
  }
}

const mails: FinanceMail[] = [];
financeMail.send = async (_core, mail) => {
  mails.push(mail);
};

const server = await startTestServer();
let failures = 0;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
};
try {
  const { core } = server;
  console.log(`finances concurrency on ${core.db.embedded ? 'PGlite (pool of 1)' : 'PostgreSQL'}: ${operations} operations per run, ${concurrency} at a time`);
  const advertiser = (await core.model('advertiser').findOne({ where: { name: 'Other Shop AG' }, raw: true })) as { id: string };
  const payer = await server.token('other@demo.test');
  const accountant = await server.token('accounting@demo.test');
  const start = await auditBalance(core, advertiser.id);

  const timed = async (kind: Kind, run: () => Promise<{ ok: boolean; balance?: number }>): Promise<Outcome> => {
    const t0 = performance.now();
    const result = await run();
    return { kind, ...result, ms: performance.now() - t0 };
  };
  const overHttp = (kind: Kind) => timed(kind, async () => {
    const res = kind === 'topup'
      ? await server.api(`/api/advertiser/${advertiser.id}/payment`, { method: 'POST', token: payer, headers: { 'Idempotency-Key': randomUUID() }, body: { ...CARD, amount: TOP_UP / 100, vatHandle: 'add' } })
      : await server.api(`/api/advertiser/${advertiser.id}/transaction`, { method: 'POST', token: accountant, body: { amount: SPEND / 100, description: 'Bench spend' } });
    const body = (await res.json()) as { balance?: number; message?: string };
    if (res.status === 409) return { ok: false };
    if (res.status >= 300) throw new Error(`${kind} answered ${res.status}: ${body.message}`);
    return { ok: true, balance: Math.round((body.balance ?? 0) * 100) };
  });
  const card = { number: SANDBOX_CARDS.succeeds, expiryMonth: 12, expiryYear: 2035, cvc: '123' };
  const throughService = (kind: Kind) => timed(kind, () => core.sequelize.transaction(async (t) => {
    if (kind === 'topup') {
      const answer = await topUp(core, sandboxProvider, t, { advertiserId: advertiser.id, amount: TOP_UP, vatHandle: 'add', card, idempotencyKey: randomUUID(), userId: null });
      return { ok: true, balance: Math.round((answer.body.balance as number) * 100) };
    }
    return { ok: true, balance: (await spend(core, t, { advertiserId: advertiser.id, amount: SPEND, description: 'Bench spend' })).balance };
  }).catch((error) => {
    if (error instanceof InsufficientBalance) return { ok: false };
    throw error;
  }));

  const all: Outcome[] = [];
  for (const [label, run] of [['HTTP', overHttp], ['service', throughService]] as const) {
    const kinds: Kind[] = Array.from({ length: operations }, (_, i) => (i % 2 ? 'spend' : 'topup'));
    const t0 = performance.now();
    const outcomes = await pool(kinds.map((kind) => () => run(kind)), concurrency);
    report(label, outcomes, performance.now() - t0);
    all.push(...outcomes);
  }

  const key = randomUUID();
  const before = await auditBalance(core, advertiser.id);
  const burst = await Promise.all(Array.from({ length: 20 }, () => server.api(`/api/advertiser/${advertiser.id}/payment`, {
    method: 'POST', token: payer, headers: { 'Idempotency-Key': key }, body: { ...CARD, amount: 7, vatHandle: 'add' },
  }).then(async (res) => `${res.status} ${JSON.stringify(await res.json())}`)));
  const afterBurst = await auditBalance(core, advertiser.id);
  check(new Set(burst).size === 1 && burst[0].startsWith('200 '), '20 concurrent top-ups under one idempotency key answer the same');
  check(afterBurst.balance - before.balance === 700, `... and credit once (+${(afterBurst.balance - before.balance) / 100} EUR)`);

  const alerts = mails.filter((mail) => mail.template !== 'paymentReceipt').map((mail) => mail.template);
  console.log(`mails: ${mails.length - alerts.length} payment receipts, balance alerts ${alerts.join(', ') || 'none'}`);
  const end = await auditBalance(core, advertiser.id);
  const credited = all.filter((o) => o.kind === 'topup' && o.ok).length * TOP_UP + 700;
  const debited = all.filter((o) => o.kind === 'spend' && o.ok).length * SPEND;
  check(end.balance === end.ledger, `balance ${end.balance / 100} EUR = ledger sum ${end.ledger / 100} EUR`);
  check(end.balance === start.balance + credited - debited, 'balance = start + successful top-ups - successful spends');
  check(all.every((o) => !o.ok || (o.balance ?? 0) >= 0) && end.balance >= 0, 'no operation left the prepaid balance below zero');
  const numbers = await core.sequelize.query<{ number: string }>('SELECT number FROM invoices ORDER BY number', { type: QueryTypes.SELECT });
  const year = new Date().getUTCFullYear();
  check(numbers.every((row, i) => row.number === `AS-${year}-${String(i + 1).padStart(6, '0')}`), `${numbers.length} invoice numbers without gaps`);
} finally {
  await server.stop();
}
if (failures) process.exitCode = 1;
