import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The session cookie: HttpOnly (scripts cannot read it), SameSite=Lax (not sent on cross-site requests
 * other than top-level navigation, which only ever GETs), Secure whenever the site is served over HTTPS,
 * and scoped to the whole site because the web app's pages and the API share the origin.
 */
export const SESSION_COOKIE = 'ss_session';

export function isSecureRequest(request: FastifyRequest, publicUrl: string | undefined): boolean {
  return request.protocol === 'https' || (publicUrl?.startsWith('https://') ?? false);
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: number,
  publicUrl: string | undefined,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request, publicUrl),
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string | undefined,
): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request, publicUrl),
  });
}

export function readSessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  // A token is 43 base64url characters; anything else cannot be one and is not looked up.
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}
