import type { en } from './en.ts';
import type { ServerCatalogue } from './server-messages.ts';

// Typed keys: t('premium.title') is checked against the English catalogue at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      server: ServerCatalogue;
    };
  }
}
