import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { createApiKeysRepository } from './api-keys-repository.ts';
import { createEmailTokensRepository } from './email-tokens-repository.ts';
import { createSessionsRepository } from './sessions-repository.ts';
import { forEachDatabase } from './test-databases.ts';
import { createUserSettingsRepository } from './user-settings-repository.ts';
import { createUsersRepository, type NewUser } from './users-repository.ts';

const T0 = Date.UTC(2026, 0, 5, 3, 0);
const MINUTE = 60_000;
let seq = 0;

function newUser(overrides: Partial<NewUser> = {}): NewUser {
  seq += 1;
  return {
    id: randomUUID(),
    email: `user${seq}-${randomUUID().slice(0, 8)}@example.com`,
    displayName: `User ${seq}`,
    passwordHash: '$argon2id$stub',
    googleSub: null,
    plan: 'free',
    language: 'ko',
    emailVerifiedAt: null,
    referralCode: randomUUID().slice(0, 8).toUpperCase(),
    referredBy: null,
    termsAcceptedAt: T0,
    privacyAcceptedAt: T0,
    ...overrides,
  };
}

forEachDatabase('accounts repositories', (getDb) => {
  it('stores a user and reports a taken email or referral code instead of throwing', async () => {
    const repo = createUsersRepository(getDb());
    const user = newUser();
    const created = await repo.insert(user);
    expect(created.ok && created.user.email).toBe(user.email);
    expect(await repo.insert(newUser({ email: user.email }))).toEqual({ ok: false, conflict: 'email' });
    expect(await repo.insert(newUser({ referralCode: user.referralCode }))).toEqual({
      ok: false,
      conflict: 'referralCode',
    });
    expect((await repo.findByEmail(user.email))?.id).toBe(user.id);
    expect((await repo.findByReferralCode(user.referralCode))?.id).toBe(user.id);
  });

  it('refuses a plan outside the plan list', async () => {
    const repo = createUsersRepository(getDb());
    const user = newUser();
    await repo.insert(user);
    await expect(repo.setPlan(user.id, 'gold' as never)).rejects.toThrow();
    expect(await repo.setPlan(user.id, 'pro_plus')).toBe(true);
    expect((await repo.findById(user.id))?.plan).toBe('pro_plus');
  });

  it('ends a session at its absolute expiry or after the idle timeout, and on sign-out', async () => {
    const users = createUsersRepository(getDb());
    const sessions = createSessionsRepository(getDb());
    const user = newUser();
    await users.insert(user);
    const idle = 30 * MINUTE;
    await sessions.create({
      tokenHash: `h-${user.id}`,
      userId: user.id,
      createdAt: T0,
      lastSeenAt: T0,
      expiresAt: T0 + 120 * MINUTE,
    });
    expect((await sessions.findActive(`h-${user.id}`, T0 + MINUTE, idle))?.user.id).toBe(user.id);
    expect(await sessions.findActive(`h-${user.id}`, T0 + 31 * MINUTE, idle)).toBeNull();
    await sessions.touch(`h-${user.id}`, T0 + 29 * MINUTE, MINUTE);
    expect(await sessions.findActive(`h-${user.id}`, T0 + 31 * MINUTE, idle)).not.toBeNull();
    // Active all along, it still ends at the absolute expiry.
    await sessions.touch(`h-${user.id}`, T0 + 110 * MINUTE, 0);
    expect(await sessions.findActive(`h-${user.id}`, T0 + 121 * MINUTE, idle)).toBeNull();
    await sessions.delete(`h-${user.id}`);
    expect(await sessions.findActive(`h-${user.id}`, T0 + MINUTE, idle)).toBeNull();
  });

  it('ends all sessions of a user but the one kept', async () => {
    const users = createUsersRepository(getDb());
    const sessions = createSessionsRepository(getDb());
    const user = newUser();
    await users.insert(user);
    for (const n of [1, 2, 3]) {
      await sessions.create({
        tokenHash: `${user.id}-${n}`,
        userId: user.id,
        createdAt: T0,
        lastSeenAt: T0,
        expiresAt: T0 + 60 * MINUTE,
      });
    }
    expect(await sessions.deleteForUser(user.id, `${user.id}-2`)).toBe(2);
    expect(await sessions.findActive(`${user.id}-1`, T0, MINUTE)).toBeNull();
    expect(await sessions.findActive(`${user.id}-2`, T0, MINUTE)).not.toBeNull();
  });

  it('uses an email token once, tells an expired one apart, and retires older links', async () => {
    const users = createUsersRepository(getDb());
    const tokens = createEmailTokensRepository(getDb());
    const user = newUser();
    await users.insert(user);
    const issue = (hash: string, expiresAt: number) =>
      tokens.issue({ tokenHash: hash, userId: user.id, purpose: 'verify', createdAt: T0, expiresAt });
    await issue(`${user.id}-a`, T0 + MINUTE);
    await issue(`${user.id}-b`, T0 + MINUTE);
    expect(await tokens.consume(`${user.id}-a`, 'verify', T0)).toEqual({ status: 'invalid' });
    expect(await tokens.consume(`${user.id}-b`, 'reset', T0)).toEqual({ status: 'invalid' });
    const [first, second] = await Promise.all([
      tokens.consume(`${user.id}-b`, 'verify', T0),
      tokens.consume(`${user.id}-b`, 'verify', T0),
    ]);
    expect([first?.status, second?.status].sort()).toEqual(['invalid', 'ok']);
    await issue(`${user.id}-c`, T0 + MINUTE);
    expect(await tokens.consume(`${user.id}-c`, 'verify', T0 + 2 * MINUTE)).toEqual({
      status: 'expired',
      userId: user.id,
    });
    await issue(`${user.id}-d`, T0 + 60 * MINUTE);
    expect(await tokens.deleteStale(T0 + 3 * MINUTE)).toBeGreaterThanOrEqual(3);
    expect(await tokens.peek(`${user.id}-d`, 'verify', T0)).toEqual({ status: 'ok', userId: user.id });
  });

  it('keeps pins within the limit even when added at once', async () => {
    const users = createUsersRepository(getDb());
    const settings = createUserSettingsRepository(getDb());
    const user = newUser();
    await users.insert(user);
    const results = await Promise.all(
      ['BTC', 'ETH', 'XRP', 'SOL'].map((key) => settings.addFavorite(user.id, 'pins', key, 2, T0)),
    );
    expect(results.filter((r) => r === 'added')).toHaveLength(2);
    expect(results.filter((r) => r === 'limit')).toHaveLength(2);
    expect((await settings.get(user.id)).pins).toHaveLength(2);
    const kept = (await settings.get(user.id)).pins[0] ?? '';
    expect(await settings.addFavorite(user.id, 'pins', kept, 10, T0)).toBe('exists');
    expect(await settings.removeFavorite(user.id, 'pins', kept, T0)).toBe(true);
    expect(await settings.removeFavorite(user.id, 'pins', kept, T0)).toBe(false);
  });

  it('merges preferences and keeps the keys not given', async () => {
    const users = createUsersRepository(getDb());
    const settings = createUserSettingsRepository(getDb());
    const user = newUser();
    await users.insert(user);
    expect((await settings.get(user.id)).preferences).toEqual({});
    await settings.mergePreferences(user.id, { currency: 'USD', theme: 'dark' }, T0);
    const merged = await settings.mergePreferences(user.id, { theme: 'light' }, T0 + 1);
    expect(merged.preferences).toEqual({ currency: 'USD', theme: 'light' });
  });

  it('finds an API key by hash until it is revoked, and records its last use', async () => {
    const users = createUsersRepository(getDb());
    const keys = createApiKeysRepository(getDb());
    const user = newUser({ plan: 'pro_plus' });
    await users.insert(user);
    const id = randomUUID();
    await keys.create({
      id,
      userId: user.id,
      name: 'bot',
      prefix: 'ssk_abcd',
      keyHash: `hash-${id}`,
      createdAt: T0,
      lastUsedAt: null,
    });
    expect((await keys.findActiveByHash(`hash-${id}`))?.user.plan).toBe('pro_plus');
    await keys.touch(id, T0 + MINUTE, MINUTE);
    await keys.touch(id, T0 + MINUTE + 1, MINUTE);
    expect((await keys.listActive(user.id))[0]?.lastUsedAt).toBe(T0 + MINUTE);
    expect(await keys.countActive(user.id)).toBe(1);
    const stranger = newUser();
    await users.insert(stranger);
    expect(await keys.revoke(stranger.id, id, T0)).toBe(false);
    expect(await keys.revoke(user.id, id, T0)).toBe(true);
    expect(await keys.findActiveByHash(`hash-${id}`)).toBeNull();
    expect(await keys.listActive(user.id)).toEqual([]);
  });
});
