/**
 * Navigation state the app's own sign-out links carry to /logout. Only a page of this app can put it into
 * the history entry, so a link or redirect from another site lands on a confirmation instead of signing
 * anyone out.
 */
export const SIGN_OUT_STATE = { signOut: true } as const;

export function cameFromSignOutLink(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { signOut?: unknown }).signOut === true;
}
