import { SERVER_MESSAGES_EN } from '@spreadscope/core';
import { en } from './en.ts';
import { serverCatalogue } from './server-messages.ts';

/**
 * The English catalogue, in its own chunk: Korean is the default language, so most first screens never need
 * it (a quarter of the catalogue bytes, ~28 KB gzip, was in every page's first download). An /en page gets it
 * preloaded with the HTML (the server's first-screen.ts) and main.tsx waits for it before the first render.
 */
export const enResources = { translation: en, server: serverCatalogue(SERVER_MESSAGES_EN) };
