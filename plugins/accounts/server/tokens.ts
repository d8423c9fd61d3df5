/**
 * The links mailed to account holders: e-mail confirmation, password reset, sub-account invitation. A token is
 * 32 random bytes; only its SHA-256 is stored (table account_tokens, migration 0002), so a database leak opens no
 * account. A token works once and until it expires; issuing a new one retires the older links of that purpose.
 */
import { createHash, randomBytes } from 'node:crypto';
import { QueryTypes, type Transaction } from 'sequelize';
import { type Core, type Row, sendMail, type SentMail } from '@adsuite/backend/kit';

const HOUR = 3600;
const LIFETIME_SECONDS = { confirmation: 7 * 24 * HOUR, invitation: 7 * 24 * HOUR, reset: HOUR };

export type TokenPurpose = keyof typeof LIFETIME_SECONDS;

export interface TokenHolder {
  loginId: string;
  purpose: TokenPurpose;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens arrive from links and forms: anything but a plausible token string is simply not found. */
const plausible = (token: unknown): token is string => typeof token === 'string' && /^[A-Za-z0-9_-]{20,200}$/.test(token);

export async function issueToken(core: Core, loginId: string, purpose: TokenPurpose, transaction?: Transaction): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await core.sequelize.query(
    'DELETE FROM account_tokens WHERE login_id = :loginId AND (purpose = :purpose OR expires_at < now())',
    { replacements: { loginId, purpose }, transaction },
  );
  await core.sequelize.query(
    `INSERT INTO account_tokens (login_id, purpose, token_hash, expires_at)
     VALUES (:loginId, :purpose, :hash, now() + make_interval(secs => :seconds))`,
    { replacements: { loginId, purpose, hash: digest(token), seconds: LIFETIME_SECONDS[purpose] }, transaction },
  );
  return token;
}

/** Whose valid token this is, leaving it valid (GET /auth/validtoken). */
export async function peekToken(core: Core, token: unknown, purposes: TokenPurpose[]): Promise<TokenHolder | null> {
  if (!plausible(token)) return null;
  const [row] = await core.sequelize.query<{ login_id: string; purpose: TokenPurpose }>(
    `SELECT login_id, purpose FROM account_tokens
     WHERE token_hash = :hash AND purpose IN (:purposes) AND used_at IS NULL AND expires_at > now()`,
    { replacements: { hash: digest(token), purposes }, type: QueryTypes.SELECT },
  );
  return row ? { loginId: row.login_id, purpose: row.purpose } : null;
}

/** Uses a valid token up in one statement, so two requests with the same link cannot both succeed. */
export async function consumeToken(core: Core, token: unknown, purposes: TokenPurpose[], transaction: Transaction): Promise<TokenHolder | null> {
  if (!plausible(token)) return null;
  const [row] = await core.sequelize.query<{ login_id: string; purpose: TokenPurpose }>(
    `UPDATE account_tokens SET used_at = now()
     WHERE token_hash = :hash AND purpose IN (:purposes) AND used_at IS NULL AND expires_at > now()
     RETURNING login_id, purpose`,
    { replacements: { hash: digest(token), purposes }, type: QueryTypes.SELECT, transaction },
  );
  return row ? { loginId: row.login_id, purpose: row.purpose } : null;
}

/** Retires every open link of a login (after its password changed, or when it is deleted). */
export async function retireTokens(core: Core, loginId: string, transaction?: Transaction): Promise<void> {
  await core.sequelize.query('DELETE FROM account_tokens WHERE login_id = :loginId', { replacements: { loginId }, transaction });
}

/** Issues a token and mails its link to the login, in the login's language (SPEC section 4 "Login", "Registration"). */
export async function mailLink(core: Core, login: Row, purpose: TokenPurpose, inviter?: string): Promise<SentMail> {
  const token = await issueToken(core, login.id as string, purpose);
  const to = { to: login.email as string, language: login.language as string };
  const name = login.name as string;
  const url = core.env.publicUrl;
  switch (purpose) {
    case 'confirmation':
      return sendMail(core, { ...to, template: 'confirmation', data: { name, link: `${url}/confirm?token=${token}`, agency: login.accountType === 'agency' } });
    case 'reset':
      return sendMail(core, { ...to, template: 'passwordReset', data: { name, link: `${url}/resetpassword/${token}` } });
    case 'invitation':
      return sendMail(core, { ...to, template: 'subaccountInvitation', data: { name, inviter: inviter ?? 'AdSuite', link: `${url}/login?token=${token}` } });
  }
}
