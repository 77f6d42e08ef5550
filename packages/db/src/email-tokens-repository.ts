import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from './database.ts';
import { emailTokens } from './schema-accounts.ts';

export type EmailTokenPurpose = 'verify' | 'reset';

export type ConsumeResult =
  | { readonly status: 'ok'; readonly userId: string }
  | { readonly status: 'expired'; readonly userId: string }
  | { readonly status: 'invalid' };

export interface EmailTokensRepository {
  /** Stores a new token and retires the user's unused tokens of the same purpose (only the newest link works). */
  issue(token: {
    tokenHash: string;
    userId: string;
    purpose: EmailTokenPurpose;
    createdAt: number;
    expiresAt: number;
  }): Promise<void>;
  /**
   * Uses a token once. Marking it used and reading it is one statement, so two clicks on the same link
   * cannot both succeed. An expired token is used up too and reported as expired.
   */
  consume(tokenHash: string, purpose: EmailTokenPurpose, now: number): Promise<ConsumeResult>;
  /** What `consume` would answer, without using the token (to check a form before spending the link). */
  peek(tokenHash: string, purpose: EmailTokenPurpose, now: number): Promise<ConsumeResult>;
  /**
   * Retires every unused link of a user (of one purpose, or all): a password reset link must not outlive
   * a password change, nor links mailed for an account that changed hands.
   */
  retireForUser(userId: string, at: number, purpose?: EmailTokenPurpose): Promise<number>;
  /** Deletes tokens used or expired before `before`; returns how many went. */
  deleteStale(before: number): Promise<number>;
}

export function createEmailTokensRepository(database: Pick<Database, 'db'>): EmailTokensRepository {
  const { db } = database;
  return {
    async issue(token) {
      await db
        .update(emailTokens)
        .set({ usedAt: new Date(token.createdAt) })
        .where(
          and(
            eq(emailTokens.userId, token.userId),
            eq(emailTokens.purpose, token.purpose),
            isNull(emailTokens.usedAt),
          ),
        );
      await db.insert(emailTokens).values({
        tokenHash: token.tokenHash,
        userId: token.userId,
        purpose: token.purpose,
        createdAt: new Date(token.createdAt),
        expiresAt: new Date(token.expiresAt),
      });
    },
    async consume(tokenHash, purpose, now) {
      const [row] = await db
        .update(emailTokens)
        .set({ usedAt: new Date(now) })
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
          ),
        )
        .returning({ userId: emailTokens.userId, expiresAt: emailTokens.expiresAt });
      if (!row) return { status: 'invalid' };
      return row.expiresAt.getTime() > now
        ? { status: 'ok', userId: row.userId }
        : { status: 'expired', userId: row.userId };
    },
    async peek(tokenHash, purpose, now) {
      const [row] = await db
        .select({ userId: emailTokens.userId, expiresAt: emailTokens.expiresAt })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
          ),
        )
        .limit(1);
      if (!row) return { status: 'invalid' };
      return row.expiresAt.getTime() > now
        ? { status: 'ok', userId: row.userId }
        : { status: 'expired', userId: row.userId };
    },
    async retireForUser(userId, at, purpose) {
      const rows = await db
        .update(emailTokens)
        .set({ usedAt: new Date(at) })
        .where(
          and(
            eq(emailTokens.userId, userId),
            isNull(emailTokens.usedAt),
            purpose === undefined ? undefined : eq(emailTokens.purpose, purpose),
          ),
        )
        .returning({ tokenHash: emailTokens.tokenHash });
      return rows.length;
    },
    async deleteStale(before) {
      const cutoff = new Date(before);
      const rows = await db
        .delete(emailTokens)
        .where(or(lt(emailTokens.expiresAt, cutoff), lt(emailTokens.usedAt, cutoff)))
        .returning({ tokenHash: emailTokens.tokenHash });
      return rows.length;
    },
  };
}
