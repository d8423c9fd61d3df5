/** Errors are written in the language the request names (SPEC section 7 `Language` header), German by default. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const answer = async (path: string, headers: Record<string, string>, init: { method?: string; body?: unknown; token?: string } = {}) => {
  const res = await server.api(path, { ...init, headers });
  return { status: res.status, body: await res.json() };
};

describe('error answers in the request language', () => {
  it('answers a request without a token in German, or English when asked', async () => {
    expect(await answer('/api/booking', { Language: 'de' })).toEqual({ status: 401, body: { message: 'Bitte melden Sie sich an, um den Mitgliederbereich zu betreten.', errors: [] } });
    expect(await answer('/api/booking', { Language: 'en' })).toEqual({ status: 401, body: { message: 'Please log in to enter the member area.', errors: [] } });
  });

  it('takes German when the header is missing or names another language', async () => {
    const res = await fetch(`${server.url}/api/booking`, { headers: { Authorization: 'Bearer not-a-token' } });
    expect(await res.json()).toEqual({ message: 'Zugang abgelaufen.', errors: [] });
    expect((await answer('/api/booking', { Language: 'fr', Authorization: 'Bearer x' })).body.message).toBe('Zugang abgelaufen.');
  });

  it('writes body and path errors in the language too', async () => {
    const token = await server.token('advertiser@demo.test');
    const malformed = await fetch(`${server.url}/api/booking`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Language: 'de' }, body: '{"name":' });
    expect(await malformed.json()).toEqual({ message: 'Der Inhalt der Anfrage ist kein gültiges JSON.', errors: [] });
    expect((await answer('/api/booking/%E0%A4%A', { Language: 'en' }, { token })).body.message).toBe('Malformed path: invalid percent-escape.');
    const latin1 = await fetch(`${server.url}/api/booking`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json; charset=latin1', Language: 'de' }, body: '{}' });
    expect([latin1.status, await latin1.json()]).toEqual([415, { message: 'Der Zeichensatz „latin1“ wird nicht unterstützt.', errors: [] }]);
    const broken = await fetch(`${server.url}/api/booking`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Language: 'de' }, body: Buffer.from([0x7b, 0xff, 0x7d]) });
    expect(await broken.json()).toEqual({ message: 'Der Inhalt der Anfrage ist kein gültiges UTF-8.', errors: [] });
  });
});
