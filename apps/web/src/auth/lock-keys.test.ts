import { describe, expect, it } from 'vitest';
import { nextLockState } from './lock-keys.ts';

const key = (code: string, keyValue: string, caps = false) => ({
  code,
  key: keyValue,
  getModifierState: (name: string) => name === 'CapsLock' && caps,
});

describe('Caps Lock and Num Lock warnings', () => {
  const none = { capsLock: false, numLockOff: false };

  it('follows Caps Lock on every key', () => {
    expect(nextLockState(none, key('KeyA', 'A', true)).capsLock).toBe(true);
    expect(nextLockState({ capsLock: true, numLockOff: false }, key('KeyA', 'a')).capsLock).toBe(false);
  });

  it('knows Num Lock is off only from a number-pad key that typed no digit', () => {
    expect(nextLockState(none, key('Numpad1', 'End')).numLockOff).toBe(true);
    expect(nextLockState({ capsLock: false, numLockOff: true }, key('Numpad1', '1')).numLockOff).toBe(false);
    // Other keys say nothing about Num Lock.
    expect(nextLockState({ capsLock: false, numLockOff: true }, key('KeyB', 'b')).numLockOff).toBe(true);
    expect(nextLockState(none, key('Digit1', '1')).numLockOff).toBe(false);
  });
});
