/** What the publisher area's tests share: a server with the demo data, tokens, calls, extra publishers with owners. */
import { afterAll, beforeAll } from 'vitest';
import { QueryTypes } from 'sequelize';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';
import type { Row } from '@adsuite/backend/kit';

export interface Answer {
  status: number;
  body: any;
}

export function usePublisherServer(options: Parameters<typeof startTestServer>[0] = {}) {
  let running: TestServer | undefined;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    running = await startTestServer({ jobs: false, ...options });
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });
  const kit = {
    server: () => running!,
    core: () => running!.core,
    async token(email: string): Promise<string> {
      if (!tokens.has(email)) tokens.set(email, await running!.token(email));
      return tokens.get(email)!;
    },
    async call(email: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
      const res = await running!.api(path, { ...init, token: await kit.token(email) });
      const type = res.headers.get('content-type') ?? '';
      const body = type.includes('json') ? await res.json() : type.includes('pdf') ? Buffer.from(await res.arrayBuffer()) : await res.text();
      return { status: res.status, body };
    },
    sql: <T extends object = Row>(query: string, bind: unknown[] = []): Promise<T[]> => running!.core.sequelize.query<T>(query, { bind, type: QueryTypes.SELECT }),
    async id(table: string, name: string): Promise<string> {
      const [row] = await kit.sql<{ id: string }>(`SELECT id FROM ${table} WHERE name = $1`, [name]);
      if (!row) throw new Error(`no ${table} named ${name}`);
      return row.id;
    },
    /** A publisher with its own owner login (password demo-password), signed in by `email`. */
    async publisher(name: string, email: string, language: 'de' | 'en' = 'de'): Promise<string> {
      const core = running!.core;
      const [demo] = await kit.sql<{ password: string }>(`SELECT password FROM logins WHERE email = 'publisher@demo.test'`);
      const owner = (await core.model('login').create({
        email, role: 'publisher', name: name.split(' ')[0], surname: 'Publisher', password: demo.password, language, loginAllowed: true, doi: new Date(),
        accountType: 'publisher', selectedType: 'publisher', subscriptions: [],
      })).get({ plain: true }) as Row;
      const publisher = (await core.model('publisher').create({ name, owner: owner.id, url: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example` })).get({ plain: true }) as Row;
      await core.model('login').update({ selectedPublisher: publisher.id }, { where: { id: owner.id } });
      return String(publisher.id);
    },
    /** The mails written to `to`, newest first. */
    async mails(to: string): Promise<{ subject: string; text: string; language: string }[]> {
      return (await running!.core.model('outbox').findAll({ where: { to }, order: [['created', 'DESC'], ['id', 'DESC']], raw: true })) as never;
    },
  };
  return kit;
}
