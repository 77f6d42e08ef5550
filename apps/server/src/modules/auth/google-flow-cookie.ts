import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSecureRequest } from '../../http/session-cookie.ts';
import { type GoogleFlow, googleFlowSchema } from './google-service.ts';

/** The OAuth state and PKCE verifier ride in an HttpOnly cookie sent only to the Google routes. */
const COOKIE = 'ss_google_flow';
const PATH = '/api/v1/auth/google';

export function setGoogleFlowCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: GoogleFlow,
  publicUrl: string | undefined,
): void {
  reply.setCookie(COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
    path: PATH,
    httpOnly: true,
    // Lax: the provider sends the browser back with a top-level navigation, and the page then posts here.
    sameSite: 'lax',
    secure: isSecureRequest(request, publicUrl),
    maxAge: 600,
  });
}

export function takeGoogleFlowCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string | undefined,
): GoogleFlow | null {
  const raw = request.cookies[COOKIE];
  reply.clearCookie(COOKIE, {
    path: PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request, publicUrl),
  });
  if (!raw || raw.length > 4096) return null;
  try {
    const parsed = googleFlowSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
