/**
 * Browsers always send Origin on a WebSocket handshake; a page from another site must not ride a user's
 * session into our socket. Same-origin pages and configured origins pass; clients without an Origin header
 * (API clients, servers) are not browsers and pass too.
 */
export function isOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (host !== undefined && parsed.host === host) return true;
  return allowed.some((entry) => sameOrigin(entry, parsed));
}

function sameOrigin(entry: string, origin: URL): boolean {
  try {
    return new URL(entry).origin === origin.origin;
  } catch {
    return false;
  }
}
