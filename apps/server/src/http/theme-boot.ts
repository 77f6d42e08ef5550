import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How the built index.html loads the theme script (apps/web/index.html). */
export const THEME_BOOT_TAG = '<script src="/theme-boot.js"></script>';

export interface InlineScript {
  /** The `<script>` element with the script's text in it. */
  readonly element: string;
  /** Base64 SHA-256 of the text: what the Content Security Policy allows it by. */
  readonly hash: string;
}

/**
 * The theme script (web build's theme-boot.js) to inline into the pages the server sends: it must run before
 * the first paint, so as a file it holds the parser until it has been fetched — one more round trip before a
 * phone can draw the table the page carries. Null without a build, or for a text that could end its element.
 */
export function inlineThemeBoot(webDist: string): InlineScript | null {
  const path = join(webDist, 'theme-boot.js');
  if (!existsSync(path)) return null;
  const text = readFileSync(path, 'utf8');
  if (/<\/script/i.test(text)) return null;
  return { element: `<script>${text}</script>`, hash: createHash('sha256').update(text).digest('base64') };
}
