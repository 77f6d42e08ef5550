import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractCriticalCss, localFontFaces, withCriticalCss } from './critical-css.ts';

const STYLES =
  '@font-face{font-family:Sans Installed;src:local("Noto Sans CJK KR"),local("NotoSansCJKkr-Regular")}' +
  '@font-face{font-family:Sans Web;src:url(/assets/sans.woff2) format("woff2");unicode-range:U+AC00-D7A3}' +
  'html[data-theme=dark]{--text:#e7eaf0}html[data-theme=light]{--text:#10161f}' +
  '.table{border-collapse:collapse}.row{height:40px}' +
  '@media (min-width:700px){#root[data-drawn-for=sm]{visibility:hidden}.row{height:32px}}' +
  '.billing-card{padding:24px}.modal{position:fixed}';

function webRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'spreadscope-critical-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'style-A.css'), STYLES);
  return root;
}

const PAGE =
  '<!doctype html><html><head><script>theme()</script>' +
  '<link rel="stylesheet" crossorigin href="/assets/style-A.css">' +
  '<script type="module" crossorigin src="/assets/index-B.js"></script></head><body>' +
  '<div id="root" data-drawn-for="sm"><table class="table"><tr class="row"><td>BTC</td></tr></table></div>' +
  '<script type="application/json" id="ss-boot">{}</script></body></html>';

describe('the critical CSS of a drawn page', () => {
  it('keeps the rules its elements use (inside media queries too) and the faces on the device, nothing else', async () => {
    const css = await extractCriticalCss(webRoot(), PAGE);
    expect(css).not.toBeNull();
    expect(css).toContain('.table{border-collapse:collapse}');
    expect(css).toContain('.row{height:40px}');
    expect(css).toMatch(
      /@media \(min-width:700px\)\{#root\[data-drawn-for=sm\]\{visibility:hidden\}\.row\{height:32px\}\}/,
    );
    expect(css).toContain('font-family:Sans Installed');
    // Both themes: the page's first script picks one from what the visitor stored, after the page was served.
    expect(css).toContain('html[data-theme=dark]{--text:#e7eaf0}');
    expect(css).toContain('html[data-theme=light]{--text:#10161f}');
    // Other pages' rules, and a face that downloads: left to the full stylesheet.
    expect(css).not.toContain('billing-card');
    expect(css).not.toContain('.modal');
    expect(css).not.toContain('sans.woff2');
  }, 30_000);

  it('is none when the page links no stylesheet the build has, and fails (for the caller to log) on no page', async () => {
    const root = webRoot();
    expect(await extractCriticalCss(root, PAGE.replace('style-A.css', 'style-gone.css'))).toBeNull();
    expect(localFontFaces(root, PAGE.replace('style-A.css', '../../etc/passwd'))).toBe('');
  }, 30_000);
});

describe('a drawn page with its critical CSS', () => {
  it('carries the CSS where its stylesheets were, preloads them from the head and links them after the drawing only for a browser without scripts', () => {
    const page = withCriticalCss(PAGE, '.row{height:40px}', '<script type="application/json" id="ss-boot">');
    expect(page).toBe(
      '<!doctype html><html><head><script>theme()</script><style>.row{height:40px}</style>' +
        '<link rel="preload" as="style" crossorigin href="/assets/style-A.css">' +
        '<script type="module" crossorigin src="/assets/index-B.js"></script></head><body>' +
        '<div id="root" data-drawn-for="sm"><table class="table"><tr class="row"><td>BTC</td></tr></table></div>' +
        '<noscript><link rel="stylesheet" crossorigin href="/assets/style-A.css"></noscript>' +
        '<script type="application/json" id="ss-boot">{}</script></body></html>',
    );
  });

  it('cannot be closed early by what the CSS holds, and is left as it was without a stylesheet or a marker', () => {
    const page = withCriticalCss(
      PAGE,
      'a::after{content:"</style><script>"}',
      '<script type="application/json"',
    );
    expect(page).toContain('<style>a::after{content:"<\\/style><script>"}</style>');
    expect(page.match(/<\/style>/g)).toHaveLength(1);
    expect(withCriticalCss(PAGE, '.row{}', '<p id="absent">')).toBe(PAGE);
    const bare = PAGE.replace(/<link rel="stylesheet"[^>]*>/, '');
    expect(withCriticalCss(bare, '.row{}', '<script type="application/json"')).toBe(bare);
  });
});
