import type { Language } from '@spreadscope/core';
import { rememberEtag } from './answer-etags.ts';

/**
 * Same-origin REST client for /api/v1/front. Every request names the UI language so the server answers errors
 * in it (Accept-Language); every failure becomes an ApiError with a code the UI can act on.
 */
export const API_BASE = '/api/v1/front';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** The server's machine code, or `network` / `bad_response` for failures before an answer was read. */
    readonly code: string,
    message: string,
    readonly status: number | null,
    readonly param?: string,
  ) {
    super(message);
  }
}

type QueryValue = string | number | boolean | undefined | null;

export function buildUrl(path: string, params: Readonly<Record<string, QueryValue>> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query.set(key, String(value));
  }
  const qs = query.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function isErrorBody(body: unknown): body is { error: string; message: string; param?: string } {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'string' &&
    typeof (body as { message?: unknown }).message === 'string'
  );
}

export async function getJson<T>(
  path: string,
  params: Readonly<Record<string, QueryValue>>,
  language: Language,
  signal?: AbortSignal,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, params), {
      headers: { Accept: 'application/json', 'Accept-Language': language },
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError('network', 'network', null);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(response.ok ? 'bad_response' : 'http_error', response.statusText, response.status);
  }
  if (!response.ok) {
    if (isErrorBody(body)) throw new ApiError(body.error, body.message, response.status, body.param);
    throw new ApiError('http_error', response.statusText, response.status);
  }
  rememberEtag(body, response.headers.get('etag'));
  return body as T;
}
