/** What the finance tests share: a server, advertisers by name, sign-in tokens, a card payment, the ledger audit. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';
import type { Row } from '@adsuite/backend/kit';
import { auditBalance } from './ledger.ts';
import { SANDBOX_CARDS } from './payments/index.ts';

export const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/35', cvc: '123' };
export { SANDBOX_CARDS };

/** A test server of the file's own (fresh database with the demo data) and helpers around it. */
export function useFinanceServer() {
  let running: TestServer | undefined;
  const server = () => running!;
  /** Demo Shop GmbH and Other Shop AG; their ids are there once the server runs. */
  const shop = { id: '' };
  const other = { id: '' };
  beforeAll(async () => {
    running = await startTestServer();
    shop.id = (await kit.advertiser('Demo Shop GmbH')).id;
    other.id = (await kit.advertiser('Other Shop AG')).id;
  });
  afterAll(async () => {
    await running?.stop();
  });
  const tokens = new Map<string, string>();
  const kit = {
    server,
    shop,
    other,
    async token(email: string): Promise<string> {
      if (!tokens.has(email)) tokens.set(email, await server().token(email));
      return tokens.get(email)!;
    },
    async advertiser(name: string): Promise<Row & { id: string }> {
      return (await server().core.model('advertiser').findOne({ where: { name }, raw: true })) as Row & { id: string };
    },
    async call(email: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
      const res = await server().api(path, { ...init, token: await kit.token(email) });
      const type = res.headers.get('content-type') ?? '';
      const body = type.includes('json') ? await res.json() : type.includes('pdf') ? Buffer.from(await res.arrayBuffer()) : await res.text();
      return { status: res.status, body, headers: res.headers };
    },
    /** A card top-up; `key` defaults to a fresh idempotency key. */
    pay(email: string, advertiserId: string, body: Record<string, unknown>, key: string = randomUUID()) {
      return kit.call(email, `/api/advertiser/${advertiserId}/payment`, {
        method: 'POST', headers: { 'Idempotency-Key': key }, body: { ...CARD, vatHandle: 'add', ...body },
      });
    },
    /** The stored balance and the ledger sum in cents. */
    audit: (advertiserId: string) => auditBalance(server().core, advertiserId),
    async count(table: string, advertiserId: string): Promise<number> {
      const [[row]] = (await server().core.sequelize.query(`SELECT count(*)::int AS n FROM ${table} WHERE advertiser_id = :advertiserId`, { replacements: { advertiserId } })) as [{ n: number }[], unknown];
      return row.n;
    },
  };
  return kit;
}

// What other plugins' tests use of this plugin (plugins/doors.test.ts).
export { pdfText } from './pdfText.ts';
export { auditBalance, post } from './ledger.ts';
export { moneyAudit } from './platform.ts';
export { financeMail } from './mail.ts';
