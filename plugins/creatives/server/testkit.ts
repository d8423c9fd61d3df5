/** What the creative tools' API tests share: a server of the file's own with the demo data, JSON calls and uploads. */
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';
import type { Row } from '@adsuite/backend/kit';

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function answer(res: Response): Promise<Answer> {
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, body: type.includes('json') ? await res.json() : await res.text() };
}

export function useCreativesServer() {
  let running: TestServer | undefined;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    running = await startTestServer();
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
    async advertiser(name: string): Promise<Row & { id: string }> {
      return (await running!.core.model('advertiser').findOne({ where: { name }, raw: true })) as Row & { id: string };
    },
    async call(email: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
      return answer(await running!.api(path, { ...init, token: await kit.token(email) }));
    },
    /** A request without a token (the ad server). */
    async fetch(path: string): Promise<Answer> {
      return answer(await fetch(`${running!.url}${path}`, { headers: { Language: 'en' } }));
    },
    /** A multipart upload to /api/graphics/upload with these form fields. */
    async upload(email: string, data: Buffer, name: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Answer> {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(data)]), name);
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      const res = await fetch(`${running!.url}/api/graphics/upload`, {
        method: 'POST', headers: { Authorization: `Bearer ${await kit.token(email)}`, Language: 'en', ...headers }, body: form,
      });
      return answer(res);
    },
  };
  return kit;
}
