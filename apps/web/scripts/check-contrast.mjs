// Checks WCAG AA contrast (4.5:1 for text) of the theme tokens in src/styles/tokens.css, both themes.
// Usage: node apps/web/scripts/check-contrast.mjs  — exits 1 when a pair falls short.
import { readFile } from 'node:fs/promises';

const css = await readFile(new URL('../src/styles/tokens.css', import.meta.url), 'utf8');

function tokens(theme) {
  const block = css.match(new RegExp(`html\\[data-theme="${theme}"\\] \\{([^}]*)\\}`))?.[1] ?? '';
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]));
}

function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function ratio(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const texts = [
  'text',
  'text-muted',
  'text-faint',
  'stale',
  'accent-text',
  'red',
  'blue',
  'green',
  'ok',
  'bad',
  'degraded',
];
const surfaces = ['bg', 'surface', 'surface-2', 'surface-3', 'hover'];
let failed = 0;
for (const theme of ['dark', 'light']) {
  const t = tokens(theme);
  for (const text of texts) {
    for (const surface of surfaces) {
      const r = ratio(t[text], t[surface]);
      if (r < 4.5) {
        failed++;
        console.log(`${theme}: --${text} on --${surface} = ${r.toFixed(2)} (< 4.5)`);
      }
    }
  }
  const warn = ratio(t['warn-text'], t['warn-bg']);
  if (warn < 4.5) {
    failed++;
    console.log(`${theme}: --warn-text on --warn-bg = ${warn.toFixed(2)}`);
  }
  const button = ratio(t['accent-contrast'], t.accent);
  if (button < 4.5) {
    failed++;
    console.log(`${theme}: --accent-contrast on --accent = ${button.toFixed(2)}`);
  }
}
console.log(failed ? `${failed} pairs below AA` : 'all text tokens meet WCAG AA on every surface');
process.exit(failed ? 1 : 0);
