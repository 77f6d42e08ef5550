import { localizedLink } from '../mail/templates.ts';

/** The absolute link of a notification's product path, in the user's language (Korean unprefixed, /en). */
export function notificationLink(
  publicUrl: () => string,
  locale: 'ko' | 'en',
  path: string | null,
): string | null {
  if (path === null) return null;
  // Producers give product paths; anything else (a full URL) is not ours to link to.
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  return localizedLink(publicUrl(), locale, path);
}
