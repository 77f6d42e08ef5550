import type { Language } from '@spreadscope/core';
import { ApiError } from '../lib/api-client.ts';

/**
 * Same-origin JSON calls to the account API (/api/v1/auth, /account, /settings). The session cookie rides
 * along by itself (HttpOnly, never readable here); errors become ApiError with the server's message, already
 * in the user's language, and the field at fault.
 */
export const ACCOUNT_API = '/api/v1';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export async function callApi<T>(
  method: Method,
  path: string,
  language: Language,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${ACCOUNT_API}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Accept-Language': language,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new ApiError('network', 'network', null);
  }
  if (response.status === 204) return undefined as T;
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    throw new ApiError(response.ok ? 'bad_response' : 'http_error', response.statusText, response.status);
  }
  if (!response.ok) {
    const error = parsed as { error?: unknown; message?: unknown; param?: unknown };
    if (typeof error.error === 'string' && typeof error.message === 'string') {
      throw new ApiError(
        error.error,
        error.message,
        response.status,
        typeof error.param === 'string' ? error.param : undefined,
      );
    }
    throw new ApiError('http_error', response.statusText, response.status);
  }
  return parsed as T;
}
