import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { type PhoneProviderName, phoneVerifications, userPhones } from './schema-phone.ts';
import { uniqueViolation } from './unique-violation.ts';

export interface LinkedPhone {
  readonly e164: string;
  readonly provider: PhoneProviderName;
  readonly verifiedAt: number;
}

export interface PendingPhone {
  readonly userId: string;
  readonly e164: string;
  readonly codeHash: string;
  readonly salt: string;
  readonly attempts: number;
  readonly provider: PhoneProviderName;
  readonly sentAt: number;
  readonly expiresAt: number;
}

export type LinkResult = 'linked' | 'taken';

export interface PhoneRepository {
  linked(userId: string): Promise<LinkedPhone | null>;
  pending(userId: string): Promise<PendingPhone | null>;
  /** Stores a new code for the account; an earlier one (and its spent attempts) is replaced. */
  savePending(pending: Omit<PendingPhone, 'attempts'>): Promise<void>;
  dropPending(userId: string): Promise<boolean>;
  /**
   * Spends one attempt on the account's code, in one statement, only while fewer than `max` were spent:
   * the row after spending, or null when there is no code or no attempt left.
   */
  spendAttempt(userId: string, max: number): Promise<PendingPhone | null>;
  /**
   * Links the number and drops the code, together. 'taken' when another account holds the number (nothing
   * changes then; the code is dropped all the same, it has done its work).
   */
  link(userId: string, e164: string, provider: PhoneProviderName, at: number): Promise<LinkResult>;
  unlink(userId: string): Promise<boolean>;
}

type PendingRow = typeof phoneVerifications.$inferSelect;

function pendingOf(row: PendingRow): PendingPhone {
  return {
    userId: row.userId,
    e164: row.e164,
    codeHash: row.codeHash,
    salt: row.salt,
    attempts: row.attempts,
    provider: row.provider as PhoneProviderName,
    sentAt: row.sentAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
  };
}

export function createPhoneRepository(database: Pick<Database, 'db'>): PhoneRepository {
  const { db } = database;
  return {
    async linked(userId) {
      const [row] = await db.select().from(userPhones).where(eq(userPhones.userId, userId)).limit(1);
      return row
        ? {
            e164: row.e164,
            provider: row.provider as PhoneProviderName,
            verifiedAt: row.verifiedAt.getTime(),
          }
        : null;
    },
    async pending(userId) {
      const [row] = await db
        .select()
        .from(phoneVerifications)
        .where(eq(phoneVerifications.userId, userId))
        .limit(1);
      return row ? pendingOf(row) : null;
    },
    async savePending(pending) {
      const values = {
        e164: pending.e164,
        codeHash: pending.codeHash,
        salt: pending.salt,
        attempts: 0,
        provider: pending.provider,
        sentAt: new Date(pending.sentAt),
        expiresAt: new Date(pending.expiresAt),
      };
      await db
        .insert(phoneVerifications)
        .values({ userId: pending.userId, ...values })
        .onConflictDoUpdate({ target: phoneVerifications.userId, set: values });
    },
    async dropPending(userId) {
      const rows = await db
        .delete(phoneVerifications)
        .where(eq(phoneVerifications.userId, userId))
        .returning({ userId: phoneVerifications.userId });
      return rows.length > 0;
    },
    async spendAttempt(userId, max) {
      const [row] = await db
        .update(phoneVerifications)
        .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
        .where(and(eq(phoneVerifications.userId, userId), lt(phoneVerifications.attempts, max)))
        .returning();
      return row ? pendingOf(row) : null;
    },
    async link(userId, e164, provider, at) {
      await db.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
      const values = { e164, provider, verifiedAt: new Date(at) };
      try {
        await db
          .insert(userPhones)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: userPhones.userId, set: values });
        return 'linked';
      } catch (error) {
        if (uniqueViolation(error) === 'user_phones_e164_key') return 'taken';
        throw error;
      }
    },
    async unlink(userId) {
      const rows = await db
        .delete(userPhones)
        .where(eq(userPhones.userId, userId))
        .returning({ userId: userPhones.userId });
      return rows.length > 0;
    },
  };
}
