import type { Language, Plan } from '@spreadscope/core';
import type { users } from './schema-accounts.ts';

export interface UserRecord {
  readonly id: string;
  readonly email: string;
  readonly displayName: string;
  readonly passwordHash: string | null;
  readonly googleSub: string | null;
  readonly plan: Plan;
  readonly language: Language;
  /** Epoch ms; null until the activation link was followed (or Google vouched for the address). */
  readonly emailVerifiedAt: number | null;
  readonly referralCode: string;
  readonly referredBy: string | null;
  readonly termsAcceptedAt: number;
  readonly privacyAcceptedAt: number;
  readonly passwordChangedAt: number | null;
  readonly createdAt: number;
}

type Row = typeof users.$inferSelect;

const ms = (d: Date | null): number | null => (d === null ? null : d.getTime());

export function userFromRow(row: Row): UserRecord {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    passwordHash: row.passwordHash,
    googleSub: row.googleSub,
    plan: row.plan as Plan,
    language: row.language as Language,
    emailVerifiedAt: ms(row.emailVerifiedAt),
    referralCode: row.referralCode,
    referredBy: row.referredBy,
    termsAcceptedAt: row.termsAcceptedAt.getTime(),
    privacyAcceptedAt: row.privacyAcceptedAt.getTime(),
    passwordChangedAt: ms(row.passwordChangedAt),
    createdAt: row.createdAt.getTime(),
  };
}
