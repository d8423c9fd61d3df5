import bcrypt from 'bcryptjs';

export function hashPassword(password: string, rounds: number): Promise<string> {
  return bcrypt.hash(password, rounds);
}

/** A hash to compare against when the e-mail is unknown, so both answers take the same time. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(password: string, hash: string | null | undefined, rounds: number): Promise<boolean> {
  if (!hash) {
    decoy ??= bcrypt.hash('decoy-password-for-timing', rounds);
    await bcrypt.compare(password, await decoy);
    return false;
  }
  return bcrypt.compare(password, hash);
}
