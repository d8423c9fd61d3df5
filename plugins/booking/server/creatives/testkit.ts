/** What the creative API tests share: a server of the file's own, sign-in tokens, JSON calls and uploads. */
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';
import type { Row } from '@adsuite/backend/kit';

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

async function answer(res: Response): Promise<Answer> {
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await res.json() : type.startsWith('text/') ? await res.text() : Buffer.from(await res.arrayBuffer());
  return { status: res.status, body, headers: res.headers };
}

/** `options` go to startTestServer (e.g. `{ jobs: false }` to run the job queue by hand with `core.jobs.drain()`). */
export function useCreativeServer(options: Parameters<typeof startTestServer>[0] = {}) {
  let running: TestServer | undefined;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    running = await startTestServer(options);
  });
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
    async advertiser(name: string): Promise<Row & { id: string }> {
      return (await running!.core.model('advertiser').findOne({ where: { name }, raw: true })) as Row & { id: string };
    },
    async call(email: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
      return answer(await running!.api(path, { ...init, token: await kit.token(email) }));
    },
    /** A request without a token (the ad server's public endpoints). */
    async fetch(path: string, headers: Record<string, string> = { Language: 'en' }): Promise<Answer> {
      return answer(await fetch(`${running!.url}${path}`, { headers }));
    },
    /** A multipart upload to /api/booking/files (`field` other than `file` to test the refusal). */
    async upload(email: string, data: Buffer, name: string, kind?: string, field = 'file', language = 'en'): Promise<Answer> {
      const form = new FormData();
      form.set(field, new Blob([new Uint8Array(data)]), name);
      if (kind) form.set('kind', kind);
      const headers = { Authorization: `Bearer ${await kit.token(email)}`, Language: language };
      const res = await fetch(`${running!.url}/api/booking/files`, { method: 'POST', headers, body: form });
      return answer(res);
    },
    /** Uploads that must succeed; the file's id. */
    async uploaded(email: string, data: Buffer, name: string, kind?: string): Promise<string> {
      const { status, body } = await kit.upload(email, data, name, kind);
      if (status !== 201) throw new Error(`upload of ${name} failed: ${status} ${JSON.stringify(body)}`);
      return body.id;
    },
  };
  return kit;
}
