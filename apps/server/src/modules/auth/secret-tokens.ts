import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets handed to a browser or mailbox (session cookies, email links) and API keys: 256 bits from the
 * OS CSPRNG, base64url. Only their SHA-256 is stored; with that much entropy a fast hash is enough, since
 * nothing can be guessed from it.
 */
export function newSecretToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares two short strings without leaking where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Opaque ids for rows (users, API keys). */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}
