import type { Role } from '@spreadscope/core';
import type { UserRecord } from '@spreadscope/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

/**
 * Who is calling: a visitor, a signed-in user (session cookie) or a program (API key). Any route can ask
 * with `await principalOf(request)`; the answer is worked out once per request and only when asked, so
 * public market routes cost no database round trip.
 */
export interface Principal {
  readonly role: Role;
  readonly user: UserRecord | null;
  readonly via: 'visitor' | 'session' | 'apiKey';
  /** Hash of the session token, when via session (to keep this session on a password change). */
  readonly sessionTokenHash?: string;
  readonly apiKeyId?: string;
}

export const VISITOR: Principal = { role: 'visitor', user: null, via: 'visitor' };

export type PrincipalResolver = (request: FastifyRequest) => Promise<Principal>;

declare module 'fastify' {
  interface FastifyInstance {
    resolvePrincipal: PrincipalResolver;
  }
}

const memo = new WeakMap<FastifyRequest, Promise<Principal>>();

export function registerPrincipal(app: FastifyInstance, resolver: PrincipalResolver): void {
  app.decorate('resolvePrincipal', resolver);
}

export function principalOf(request: FastifyRequest): Promise<Principal> {
  let found = memo.get(request);
  if (!found) {
    found = request.server.resolvePrincipal(request);
    memo.set(request, found);
  }
  return found;
}

/** The API key in `X-API-Key` or `Authorization: Bearer …`, if the request carries one. */
export function presentedApiKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.length > 0) return header.trim();
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice('Bearer '.length).trim();
  return undefined;
}

export function unauthenticated(): ApiError {
  return new ApiError(401, 'unauthenticated', 'auth.unauthenticated');
}
