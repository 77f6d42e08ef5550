import type { Language, Plan } from '@spreadscope/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from './database.ts';
import { users } from './schema-accounts.ts';
import { uniqueViolation } from './unique-violation.ts';
import { type UserRecord, userFromRow } from './user-row.ts';

export type { UserRecord };

export type NewUser = Omit<UserRecord, 'createdAt' | 'passwordChangedAt'> & { readonly createdAt?: number };

export type InsertUserResult =
  | { readonly ok: true; readonly user: UserRecord }
  | { readonly ok: false; readonly conflict: 'email' | 'referralCode' | 'googleSub' };

export interface UsersRepository {
  /** Inserts an account; a taken email, referral code or Google id is reported, not thrown. */
  insert(user: NewUser): Promise<InsertUserResult>;
  findById(id: string): Promise<UserRecord | null>;
  /** `email` must already be normalized. */
  findByEmail(email: string): Promise<UserRecord | null>;
  findByGoogleSub(sub: string): Promise<UserRecord | null>;
  findByReferralCode(code: string): Promise<UserRecord | null>;
  markVerified(id: string, at: number): Promise<void>;
  setPasswordHash(id: string, hash: string, at: number): Promise<void>;
  /** Links a Google account; the provider vouches for the address, so it counts as verified. */
  linkGoogle(id: string, sub: string, at: number): Promise<void>;
  /**
   * Hands a never-verified account to the Google user who proved the address: links Google, marks it
   * verified and drops everything the unproven sign-up chose (password, referrer, display name), in one
   * statement that only matches while the account is still unverified. Whoever signed up with that address
   * without owning the mailbox keeps no way in. False when the account was verified meanwhile (link it).
   */
  claimUnverifiedWithGoogle(
    id: string,
    google: { sub: string; displayName: string },
    at: number,
  ): Promise<boolean>;
  /**
   * A fresh email sign-up over one never verified: the newer sign-up's password, name, referrer and language
   * replace the old ones. Only while the account is still unverified; false otherwise.
   */
  replaceUnverifiedSignup(
    id: string,
    signup: { passwordHash: string; displayName: string; referredBy: string | null; language: Language },
    at: number,
  ): Promise<boolean>;
  setPlan(id: string, plan: Plan): Promise<boolean>;
  /** Addresses of the accounts a user referred (the referral rules compare the people behind them). */
  emailsReferredBy(id: string): Promise<string[]>;
  update(id: string, patch: { displayName?: string; language?: Language }): Promise<UserRecord | null>;
  delete(id: string): Promise<void>;
}

type Row = typeof users.$inferSelect;

const CONFLICTS: Record<string, 'email' | 'referralCode' | 'googleSub'> = {
  users_email_key: 'email',
  users_referral_code_key: 'referralCode',
  users_google_sub_key: 'googleSub',
};

export function createUsersRepository(database: Pick<Database, 'db'>): UsersRepository {
  const { db } = database;
  const one = async (rows: Promise<Row[]>) => {
    const [row] = await rows;
    return row ? userFromRow(row) : null;
  };
  const date = (value: number | null) => (value === null ? null : new Date(value));

  return {
    async insert(user) {
      try {
        const [row] = await db
          .insert(users)
          .values({
            ...user,
            emailVerifiedAt: date(user.emailVerifiedAt),
            termsAcceptedAt: new Date(user.termsAcceptedAt),
            privacyAcceptedAt: new Date(user.privacyAcceptedAt),
            createdAt: new Date(user.createdAt ?? Date.now()),
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return { ok: true, user: userFromRow(row) };
      } catch (error) {
        const constraint = uniqueViolation(error);
        const conflict = constraint === null ? undefined : CONFLICTS[constraint];
        if (conflict) return { ok: false, conflict };
        throw error;
      }
    },
    findById: (id) => one(db.select().from(users).where(eq(users.id, id)).limit(1)),
    findByEmail: (email) => one(db.select().from(users).where(eq(users.email, email)).limit(1)),
    findByGoogleSub: (sub) => one(db.select().from(users).where(eq(users.googleSub, sub)).limit(1)),
    findByReferralCode: (code) => one(db.select().from(users).where(eq(users.referralCode, code)).limit(1)),
    async markVerified(id, at) {
      await db
        .update(users)
        .set({ emailVerifiedAt: new Date(at) })
        .where(eq(users.id, id));
    },
    async setPasswordHash(id, hash, at) {
      await db
        .update(users)
        .set({ passwordHash: hash, passwordChangedAt: new Date(at) })
        .where(eq(users.id, id));
    },
    async linkGoogle(id, sub, at) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      await db
        .update(users)
        .set({ googleSub: sub, emailVerifiedAt: row?.emailVerifiedAt ?? new Date(at) })
        .where(eq(users.id, id));
    },
    async claimUnverifiedWithGoogle(id, google, at) {
      const rows = await db
        .update(users)
        .set({
          googleSub: google.sub,
          emailVerifiedAt: new Date(at),
          passwordHash: null,
          passwordChangedAt: new Date(at),
          referredBy: null,
          displayName: google.displayName,
        })
        .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)))
        .returning({ id: users.id });
      return rows.length > 0;
    },
    async replaceUnverifiedSignup(id, signup, at) {
      const rows = await db
        .update(users)
        .set({
          passwordHash: signup.passwordHash,
          passwordChangedAt: new Date(at),
          displayName: signup.displayName,
          referredBy: signup.referredBy,
          language: signup.language,
          termsAcceptedAt: new Date(at),
          privacyAcceptedAt: new Date(at),
        })
        .where(and(eq(users.id, id), isNull(users.emailVerifiedAt), isNull(users.googleSub)))
        .returning({ id: users.id });
      return rows.length > 0;
    },
    async setPlan(id, plan) {
      const rows = await db.update(users).set({ plan }).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },
    async update(id, patch) {
      const set: Partial<Row> = {};
      if (patch.displayName !== undefined) set.displayName = patch.displayName;
      if (patch.language !== undefined) set.language = patch.language;
      if (Object.keys(set).length === 0) return one(db.select().from(users).where(eq(users.id, id)));
      return one(db.update(users).set(set).where(eq(users.id, id)).returning());
    },
    async emailsReferredBy(id) {
      const rows = await db.select({ email: users.email }).from(users).where(eq(users.referredBy, id));
      return rows.map((r) => r.email);
    },
    async delete(id) {
      await db.delete(users).where(eq(users.id, id));
    },
  };
}
