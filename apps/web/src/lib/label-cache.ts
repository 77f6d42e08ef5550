import type { TFunction } from 'i18next';

type Translate = (key: string, options?: { base: string }) => string;

/** Stands for the token in a cached label; no translation or token contains it. */
const SLOT = '\u0001';

const caches = new WeakMap<TFunction, Map<string, readonly string[]>>();

/**
 * `t(key)` or `t(key, { base })`, remembered per translation function (a language change brings a new one).
 * A table row asks for half a dozen such labels each time it is drawn, and live rows are drawn many times a
 * second; an i18next lookup with interpolation costs microseconds. A label is translated once with a
 * placeholder for the token and then only joined around it, so thousands of tokens cost one lookup per label.
 * Only for labels that vary by nothing but the token; a key is always asked with a token or always without.
 */
export function cachedLabel(t: TFunction, key: string, base?: string): string {
  let cache = caches.get(t);
  if (!cache) {
    cache = new Map();
    caches.set(t, cache);
  }
  let parts = cache.get(key);
  if (parts === undefined) {
    const translate = t as unknown as Translate;
    parts = base === undefined ? [translate(key)] : translate(key, { base: SLOT }).split(SLOT);
    cache.set(key, parts);
  }
  return parts.length === 1 ? (parts[0] as string) : parts.join(base ?? '');
}
