import type { MessageKey } from '@spreadscope/core';

type Nested = { [key: string]: string | Nested };

/**
 * The server's message catalogue (core/messages.ts) uses dotted flat keys; i18next reads dots as nesting, so
 * the catalogue is folded into nested objects once and served as the `server` namespace.
 */
export function nestMessages(flat: Readonly<Record<string, string>>): Nested {
  const root: Nested = {};
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const child = node[part];
      if (typeof child === 'object') node = child;
      else {
        const created: Nested = {};
        node[part] = created;
        node = created;
      }
    }
    node[parts.at(-1) ?? key] = text;
  }
  return root;
}

type Group<K> = K extends `${infer G}.${string}` ? G : never;
/** The folded shape of the server catalogue (two levels: group.name), so `t('server:error.internal')` is typed. */
export type ServerCatalogue = {
  [G in Group<MessageKey>]: { [K in MessageKey as K extends `${G}.${infer Name}` ? Name : never]: string };
};

/** Takes one language's catalogue (core's SERVER_MESSAGES_KO or _EN), so a bundle holds only the language it names. */
export function serverCatalogue(messages: Readonly<Record<MessageKey, string>>): ServerCatalogue {
  return nestMessages(messages) as unknown as ServerCatalogue;
}
