/** Helpers of the account tests: sign-up bodies as the portal sends them, and the tokens of mailed links. */
import { linkIn, outboxTo, type TestServer } from '@adsuite/backend/testkit';

export const PUBLIC_URL = 'https://app.adsuite.test';
export const PASSWORD = 'secret-password';

type Kind = 'company' | 'agency' | 'publisher';

/** The portal's registration payload (portal/src/registration/registration.ts). */
export function signUpBody(kind: Kind, email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const person = { email, name: 'Clara', surname: 'Clever', password: PASSWORD, newsletter: true, language: 'en' };
  if (kind === 'publisher') return { ...person, website: 'news.clever.test', userType: 'publisher', ...overrides };
  return {
    ...person, advertiser: `${kind === 'agency' ? 'Clever Agency' : 'Clever Shop'} GmbH`, dailyBudget: kind === 'agency' ? 5 : null,
    jobRole: 60, industry: '1200', accountType: kind, phone: '+49 30 1234567', userType: 'advertiser', ...overrides,
  };
}

const LINKS = { confirmation: '/confirm?token=', reset: '/resetpassword/', invitation: '/login?token=' };

/** The token of the newest link of that kind mailed to `email`, waiting for the `count`-th mail to arrive. */
export async function mailedToken(server: TestServer, email: string, kind: keyof typeof LINKS, count = 1): Promise<string> {
  const [newest] = await outboxTo(server.core, email, count);
  return linkIn(newest.text, `${PUBLIC_URL}${LINKS[kind]}`).slice(`${PUBLIC_URL}${LINKS[kind]}`.length);
}

export const signIn = (server: TestServer, email: string, password = PASSWORD) =>
  server.api('/api/auth/signin', { method: 'POST', body: { email, password } });

/** Status and JSON body of a call. */
export async function call(server: TestServer, path: string, init: Parameters<TestServer['api']>[1] = {}) {
  const res = await server.api(path, init);
  return { status: res.status, body: await res.json() };
}
