import { fileURLToPath } from 'node:url';
import type { AliasOptions } from 'vite';

/**
 * What makes a browser build render with Preact's React-compatible layer (≈ 9 KB against React DOM's 58 KB
 * brotli on every first screen): the app's React imports, aliased. vite.config.ts applies it to the browser's
 * build, and bench/web-table.ts to its pages, so the bench measures the renderer that ships. The server's
 * first paint keeps React: the browser replaces that drawing with its own first render rather than hydrating
 * it, so the two never have to agree node for node.
 */
export const browserRendererAliases: AliasOptions = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  {
    find: /^react$/,
    replacement: fileURLToPath(new URL('src/lib/react-on-preact.ts', import.meta.url)),
  },
];
