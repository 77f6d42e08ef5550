import type { TFunction } from 'i18next';
import { ApiError } from '../lib/api-client.ts';

/**
 * What to show for a failed call: the server's own message (already in the user's language) when it sent
 * one, otherwise the app's wording for network and unreadable answers.
 */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === 'network') return t('errors.network');
    if (error.code === 'bad_response' || error.code === 'http_error') return t('errors.badResponse');
    return error.message;
  }
  return t('errors.unexpected');
}

/** Splits an error into a message for one field (by the server's `param`) or for the whole form. */
export function fieldError(error: unknown, t: TFunction): { field: string | null; message: string } {
  const message = errorText(error, t);
  return { field: error instanceof ApiError ? (error.param ?? null) : null, message };
}
