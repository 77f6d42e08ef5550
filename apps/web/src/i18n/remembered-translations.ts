import type { i18n } from 'i18next';

/** Distinct texts kept per instance; past it the memory starts again (a table's texts fit many times over). */
const DEFAULT_LIMIT = 8_192;

/**
 * Makes `instance.t` remember its texts. i18next resolves, interpolates and post-processes every call, and a
 * table row calls it for each of its cells: 27 % of drawing the premium page with 30 rows went to it. A key with
 * the same plain values gives the same text until the language or the catalogue changes, so such a call is
 * answered from memory; the memory is dropped when either changes. Calls with anything but plain values
 * (objects, functions, `returnObjects`) and answers that are not text go to i18next every time.
 */
export function rememberTranslations(instance: i18n, limit = DEFAULT_LIMIT): void {
  const texts = new Map<string, string>();
  const forget = () => texts.clear();
  instance.on('languageChanged', forget);
  instance.store.on('added', forget);
  instance.store.on('removed', forget);
  type Translate = (...args: unknown[]) => unknown;
  /** `translate` remembering under `scope` (what the function is fixed to: language, namespace, prefix). */
  const remembering = (translate: Translate, scope: string): Translate => {
    return (...args: unknown[]): unknown => {
      const call = args.length <= 2 ? callId(args[0], args[1]) : undefined;
      if (call === undefined) return translate(...args);
      const id = `${scope}\u0003${call}`;
      const known = texts.get(id);
      if (known !== undefined) return known;
      const text = translate(...args);
      if (typeof text !== 'string') return text;
      if (texts.size >= limit) texts.clear();
      texts.set(id, text);
      return text;
    };
  };
  // Seen untyped: i18next's types describe its key-checked overloads, which these stand in for unchanged.
  const loose = instance as unknown as {
    t: Translate;
    getFixedT: (...args: unknown[]) => Translate;
  };
  loose.t = remembering(loose.t.bind(instance), '');
  // react-i18next translates through getFixedT's function, which copies every option of the instance on each
  // call before it reaches instance.t: it is remembered in front of that copy.
  const getFixedT = loose.getFixedT.bind(instance);
  loose.getFixedT = (...args: unknown[]) => {
    const fixed = getFixedT(...args);
    const parts = args.slice(0, 3).map(plainPart);
    if (parts.includes(undefined)) return fixed;
    return Object.assign(remembering(fixed, parts.join('\u0004')), fixed);
  };
}

/** What names a call (key and options) when all of it is plain values; undefined when anything else is in it. */
export function callId(key: unknown, options: unknown): string | undefined {
  if (typeof key !== 'string') return undefined;
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null) return undefined;
  let id = key;
  for (const name in options) {
    const part = plainPart((options as Record<string, unknown>)[name]);
    if (part === undefined) return undefined;
    id += `\u0000${name}\u0001${part}`;
  }
  return id;
}

/** A value as text with its type (1 and '1' pluralise differently), or undefined when it is not plain. */
function plainPart(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return `s${value}`;
    case 'number':
      return `n${value}`;
    case 'boolean':
      return value ? 'T' : 'F';
    case 'undefined':
      return 'u';
    case 'object': {
      if (value === null) return 'z';
      if (!Array.isArray(value)) return undefined;
      let parts = 'a';
      for (const item of value) {
        if (typeof item !== 'string') return undefined;
        parts += `${item}\u0002`;
      }
      return parts;
    }
    default:
      return undefined;
  }
}
