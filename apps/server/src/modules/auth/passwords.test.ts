import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('uses argon2id at OWASP parameters or above, salted per hash', async () => {
    const a = await hashPassword('correct-Horse7!');
    const b = await hashPassword('correct-Horse7!');
    expect(a).toMatch(/^\$argon2id\$/);
    expect(a).not.toBe(b);
    const options = parseOptions(a);
    expect(options.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(options.timeCost).toBeGreaterThanOrEqual(2);
    expect(options.parallelism).toBeGreaterThanOrEqual(1);
    expect(needsRehash(a)).toBe(false);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct-Horse7!');
    expect(await verifyPassword(stored, 'correct-Horse7!')).toBe(true);
    expect(await verifyPassword(stored, 'correct-horse7!')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('matches a Korean password however the keyboard composed it', async () => {
    const composed = '비밀번호1!';
    const stored = await hashPassword(composed);
    expect(await verifyPassword(stored, composed.normalize('NFD'))).toBe(true);
  });

  it('asks for a rehash of weaker hashes', () => {
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c29tZXNhbHQ$aGFzaGhhc2hoYXNoaGFzaA')).toBe(true);
    expect(needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true);
  });
});
