import { randomUUID } from 'node:crypto';
import { createApiKeysRepository, createUsersRepository, type Database } from '@spreadscope/db';
import { openMemoryDatabase } from '@spreadscope/db/testing';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiKeysService } from '../api-keys/api-keys-service.ts';
import { KeyGate } from './key-gate.ts';

const T0 = Date.UTC(2026, 11, 2, 3, 0);

function callWith(key: string): FastifyRequest {
  return { headers: { 'x-dtmx-apikey': key } } as unknown as FastifyRequest;
}

describe('KeyGate', () => {
  let database: Database;
  let clock = T0;
  let service: ApiKeysService;
  let key: string;
  let userId: string;

  beforeAll(async () => {
    database = await openMemoryDatabase();
    const users = createUsersRepository(database);
    userId = randomUUID();
    await users.insert({
      id: userId,
      email: `key-gate-${userId.slice(0, 8)}@example.com`,
      displayName: 'Key gate',
      passwordHash: '$argon2id$stub',
      googleSub: null,
      plan: 'pro_plus',
      language: 'ko',
      emailVerifiedAt: T0,
      referralCode: userId.slice(0, 8).toUpperCase(),
      referredBy: null,
      termsAcceptedAt: T0,
      privacyAcceptedAt: T0,
    });
    service = new ApiKeysService(createApiKeysRepository(database), () => clock);
    const user = await users.findById(userId);
    if (!user) throw new Error('user not stored');
    key = (await service.create(user, 'bench')).key;
  });
  afterAll(() => database.close());

  it('serves a busy key from one lookup, refreshes it ahead of expiry without making calls wait, and drops it within 5 s of revocation', async () => {
    clock = T0;
    const gate = new KeyGate(service, () => clock);
    const lookups = vi.spyOn(service, 'authenticate');

    // Ten calls arriving together share one database lookup.
    const first = await Promise.all(Array.from({ length: 10 }, () => gate.require(callWith(key))));
    expect(first.every((holder) => holder.user.id === userId && holder.plan === 'pro_plus')).toBe(true);
    expect(lookups).toHaveBeenCalledTimes(1);

    // Within the refresh age: no lookup at all.
    clock = T0 + 2_000;
    await gate.require(callWith(key));
    expect(lookups).toHaveBeenCalledTimes(1);

    // Past it, while the database is held (a back-fill's statement): the call is answered from the cache at once
    // and one lookup starts behind it.
    clock = T0 + 3_000;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const real = service.authenticate.bind(service);
    lookups.mockImplementationOnce(async (presented) => {
      await held;
      return real(presented);
    });
    const answered = await Promise.race([
      gate.require(callWith(key)).then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('waited'), 200)),
    ]);
    expect(answered).toBe('answered');
    await gate.require(callWith(key));
    expect(lookups).toHaveBeenCalledTimes(2);
    release();
    await vi.waitFor(() => expect(lookups.mock.results[1]?.type).toBe('return'));
    await lookups.mock.results[1]?.value;

    // Revoked now: the refreshed entry (looked up at T0 + 3 s) may serve until T0 + 8 s, never later.
    const user = await createUsersRepository(database).findById(userId);
    if (!user) throw new Error('user gone');
    const [listed] = await service.list(user);
    if (!listed) throw new Error('key not listed');
    await service.revoke(user, listed.id);
    clock = T0 + 7_900;
    await gate.require(callWith(key)).catch(() => undefined);
    clock = T0 + 8_000;
    await expect(gate.require(callWith(key))).rejects.toMatchObject({ statusCode: 401 });
  });
});
