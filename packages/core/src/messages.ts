import type { Language } from './constants.ts';
import { SERVER_MESSAGES_EN as en, type MessageKey } from './messages-en.ts';
import { SERVER_MESSAGES_KO as ko } from './messages-ko.ts';

// Each language's catalogue is a module of its own (messages-en.ts, messages-ko.ts and their parts), so a browser
// bundle that names only one leaves the other's text out: the web app's Korean first screen carried both.
export { type MessageKey, SERVER_MESSAGES_EN } from './messages-en.ts';
export { SERVER_MESSAGES_KO } from './messages-ko.ts';

/** Messages the server sends to users, in both languages. */
export const SERVER_MESSAGES: Readonly<Record<Language, Record<MessageKey, string>>> = { en, ko };

/** Whether a string names a message of the catalogue (a schema refinement may carry one as its message). */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(SERVER_MESSAGES.en, value);
}

export function translate(
  lang: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = SERVER_MESSAGES[lang][key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

/** Picks ko or en from an Accept-Language header; Korean is the default. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'ko';
  const first = header
    .split(',')
    .map((part) => {
      const [tag = '', q] = part.trim().split(';q=');
      return { tag: tag.toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag.startsWith('en') || entry.tag.startsWith('ko'))
    .sort((a, b) => b.q - a.q)[0];
  return first?.tag.startsWith('en') ? 'en' : 'ko';
}
