import type { SessionResponse, SessionUser } from '@spreadscope/contracts';
import { entitlementsOf, type Role } from '@spreadscope/core';
import type { UserRecord } from '@spreadscope/db';

/** The account as the API shows it: never the password hash or the Google subject id. */
export function presentUser(user: UserRecord): SessionUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    loginType: user.passwordHash === null ? 'google' : 'email',
    hasPassword: user.passwordHash !== null,
    googleLinked: user.googleSub !== null,
    plan: user.plan,
    emailVerified: user.emailVerifiedAt !== null,
    referralCode: user.referralCode,
    language: user.language,
    createdAt: user.createdAt,
  };
}

export function presentSession(user: UserRecord | null): SessionResponse {
  const role: Role = user ? user.plan : 'visitor';
  return { user: user ? presentUser(user) : null, role, entitlements: entitlementsOf(role) };
}
