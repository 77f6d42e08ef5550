/**
 * Text a database can store as sent. PostgreSQL's `text` cannot hold NUL at all (the driver's error becomes
 * a 500), and an unpaired UTF-16 surrogate has no UTF-8 form: drivers silently turn it into U+FFFD, so what
 * is stored is not what was asked for (and a key saved that way can never be deleted by its own name).
 * Paired surrogates (emoji, rare Han characters) are whole code points and fine.
 */
export function isStorableText(text: string): boolean {
  // In a `u` regular expression a surrogate pair is one code point, so \p{Cs} finds only the unpaired ones.
  return !text.includes('\u0000') && !/\p{Cs}/u.test(text);
}

export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';
