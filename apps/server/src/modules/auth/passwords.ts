import { hash, parseOptions, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's recommended minimum (m = 19 MiB, t = 2, p = 1). Each hash costs about 20-40 ms and
 * 19 MiB on one core, which bounds what a burst of sign-ins (already rate-limited) can take from the server.
 * Stored hashes carry their parameters (PHC string), so raising them later rehashes users at their next
 * sign-in without a migration.
 */
export const ARGON2_PARAMS = {
  algorithm: 2, // Argon2id; the library's enum is a const enum, which isolated modules cannot import.
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Passwords are compared as NFC text: the same Korean password typed on a Mac (which may send decomposed
 * jamo) and on Windows must match.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), ARGON2_PARAMS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password.normalize('NFC'));
  } catch {
    // A malformed stored hash must read as a wrong password, not as a server error.
    return false;
  }
}

/** True when a stored hash is weaker than today's parameters (or not argon2id at all). */
export function needsRehash(stored: string): boolean {
  try {
    const options = parseOptions(stored);
    return (
      options.algorithm !== ARGON2_PARAMS.algorithm ||
      options.memoryCost < ARGON2_PARAMS.memoryCost ||
      options.timeCost < ARGON2_PARAMS.timeCost ||
      options.parallelism < ARGON2_PARAMS.parallelism
    );
  } catch {
    return true;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no account to check, so a sign-in for an unknown
 * address does not answer measurably faster than one with a wrong password.
 */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hashPassword('spreadscope-timing-equalizer-1!');
  await verifyPassword(await dummy, password);
}
