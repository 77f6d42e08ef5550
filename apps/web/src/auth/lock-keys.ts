/**
 * Caps Lock and Num Lock as a password field can tell them (spec §5 warnings). Caps Lock is a modifier the
 * browser reports on every key event. Num Lock is only knowable when a number-pad key is pressed: with it
 * off, Numpad1 types End instead of "1" — and Macs have no Num Lock, so it must not be guessed otherwise.
 */
export interface LockState {
  readonly capsLock: boolean;
  readonly numLockOff: boolean;
}

export interface KeyInfo {
  readonly code: string;
  readonly key: string;
  getModifierState(key: string): boolean;
}

export function nextLockState(previous: LockState, event: KeyInfo): LockState {
  const capsLock = event.getModifierState('CapsLock');
  let numLockOff = previous.numLockOff;
  if (/^Numpad[0-9]$/.test(event.code)) numLockOff = !/^[0-9]$/.test(event.key);
  return { capsLock, numLockOff };
}
