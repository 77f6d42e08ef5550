import type { SessionsRepository, UserRecord } from '@spreadscope/db';
import { hashSecretToken, newSecretToken } from './secret-tokens.ts';

export interface SessionPolicy {
  /** A session unused for this long ends. */
  readonly idleMs: number;
  /** A session ends this long after sign-in, however active. */
  readonly absoluteMs: number;
}

export interface StartedSession {
  /** The cookie value; never stored, only its hash is. */
  readonly token: string;
  readonly expiresAt: number;
}

export interface ActiveSession {
  readonly user: UserRecord;
  readonly tokenHash: string;
  readonly expiresAt: number;
}

/** The idle clock is written at most once a minute per session, not on every request. */
const TOUCH_GRANULARITY_MS = 60_000;

/**
 * Sessions in the database, so every API process (and every restart) sees the same ones and a sign-out on
 * one process ends the session on all of them.
 */
export class SessionService {
  constructor(
    private readonly repo: SessionsRepository,
    readonly policy: SessionPolicy,
    private readonly now: () => number,
  ) {}

  async start(userId: string): Promise<StartedSession> {
    const token = newSecretToken();
    const now = this.now();
    const expiresAt = now + this.policy.absoluteMs;
    await this.repo.create({
      tokenHash: hashSecretToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
    return { token, expiresAt };
  }

  /** The session's user when the token names a live session; moves its idle clock forward. */
  async resolve(token: string): Promise<ActiveSession | null> {
    const tokenHash = hashSecretToken(token);
    const now = this.now();
    const found = await this.repo.findActive(tokenHash, now, this.policy.idleMs);
    if (!found) return null;
    await this.repo.touch(tokenHash, now, TOUCH_GRANULARITY_MS);
    return { user: found.user, tokenHash, expiresAt: found.session.expiresAt };
  }

  async end(token: string): Promise<void> {
    await this.repo.delete(hashSecretToken(token));
  }

  /** Signs a user out everywhere, optionally except the session making the change. */
  async endAllForUser(userId: string, exceptTokenHash?: string): Promise<number> {
    return this.repo.deleteForUser(userId, exceptTokenHash);
  }

  /** Deletes ended sessions (they are already refused; this only keeps the table small). */
  sweep(): Promise<number> {
    return this.repo.deleteEnded(this.now(), this.policy.idleMs);
  }
}
