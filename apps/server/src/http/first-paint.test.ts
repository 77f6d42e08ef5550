import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { warningLog } from '../test-support/warning-log.ts';
import {
  assumedViewportWidth,
  firstPaintRenderer,
  LAPTOP_WIDTH,
  PHONE_WIDTH,
  TABLET_WIDTH,
  widthClassOf,
} from './first-paint.ts';

function moduleFile(source: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'spreadscope-first-paint-')), 'render-page.mjs');
  writeFileSync(file, source);
  return file;
}

describe('the width a first paint is laid out for', () => {
  it('is a phone when the browser says so or names itself a phone, a tablet when it names one, else a laptop', () => {
    expect(assumedViewportWidth({ 'sec-ch-ua-mobile': '?1', 'user-agent': 'Mozilla/5.0 (X11; Linux)' })).toBe(
      PHONE_WIDTH,
    );
    expect(
      assumedViewportWidth({
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1',
      }),
    ).toBe(PHONE_WIDTH);
    expect(
      assumedViewportWidth({ 'user-agent': 'Mozilla/5.0 (Linux; Android 15; Pixel 9) Mobile Safari' }),
    ).toBe(PHONE_WIDTH);
    expect(assumedViewportWidth({ 'user-agent': 'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X)' })).toBe(
      TABLET_WIDTH,
    );
    expect(
      assumedViewportWidth({
        'sec-ch-ua-mobile': '?0',
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/140',
      }),
    ).toBe(LAPTOP_WIDTH);
    expect(assumedViewportWidth({})).toBe(LAPTOP_WIDTH);
  });

  it('is the class of the width a browser tells (after our Accept-CH), over any guess from its user agent', () => {
    const phone = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) Mobile Safari';
    // A phone asking for the desktop site, a laptop in a narrow window, a wide monitor.
    expect(assumedViewportWidth({ 'sec-ch-viewport-width': '1000', 'user-agent': phone })).toBe(TABLET_WIDTH);
    expect(assumedViewportWidth({ 'sec-ch-viewport-width': '412', 'sec-ch-ua-mobile': '?0' })).toBe(
      PHONE_WIDTH,
    );
    expect(assumedViewportWidth({ 'sec-ch-viewport-width': '1440' })).toBe(LAPTOP_WIDTH);
    expect(widthClassOf(assumedViewportWidth({ 'sec-ch-viewport-width': '2560' }))).toBe('xl');
    // A hint that is not a width is no hint.
    for (const told of ['', 'wide', '-5', '0']) {
      expect(assumedViewportWidth({ 'sec-ch-viewport-width': told, 'user-agent': phone })).toBe(PHONE_WIDTH);
    }
  });

  it('names the spec §9 class the app lays the width out as', () => {
    expect([359, 699, 700, 1279, 1280, 1920, 1921].map(widthClassOf)).toEqual([
      'sm',
      'sm',
      'md',
      'md',
      'lg',
      'lg',
      'xl',
    ]);
  });
});

describe('the first-paint renderer', () => {
  it('draws with the web build module, prepared once per page and language', async () => {
    const file = moduleFile(`
      let prepared = 0;
      export async function preparePage(path, language) {
        prepared++;
        return ({ viewportWidth, boot }) => \`<p>\${path} \${language} \${viewportWidth} \${boot.table.length} #\${prepared}</p>\`;
      }`);
    const { log, warnings } = warningLog();
    const paintOf = firstPaintRenderer(file, log);
    const paint = await paintOf('/en/premium', 'en');
    expect(paint?.({ viewportWidth: 360, boot: { table: [1, 2, 3] } })).toBe(
      '<p>/en/premium en 360 3 #1</p>',
    );
    expect(warnings).toEqual([]);
  });

  it('gives none without a build of it, so pages are drawn by the browser as before', async () => {
    const { log, warnings } = warningLog();
    expect(
      await firstPaintRenderer('/nonexistent/dist-ssr/render-page.js', log)('/premium', 'ko'),
    ).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('gives none, and says so once, when the module fails to load or the page to prepare', async () => {
    const broken = warningLog();
    const paintOf = firstPaintRenderer(moduleFile('throw new Error("bad build");'), broken.log);
    expect(await paintOf('/premium', 'ko')).toBeNull();
    expect(await paintOf('/premium', 'ko')).toBeNull();
    expect(broken.warnings).toHaveLength(1);
    const refusing = warningLog();
    const prepare = firstPaintRenderer(
      moduleFile('export async function preparePage() { throw new Error("no route"); }'),
      refusing.log,
    );
    expect(await prepare('/premium', 'ko')).toBeNull();
    expect(refusing.warnings).toEqual(['first paint: page failed to prepare']);
  });

  it('draws nothing (the browser draws the page) when a render throws, warning once, not per page view', async () => {
    const { log, warnings } = warningLog();
    const paintOf = firstPaintRenderer(
      moduleFile('export async function preparePage() { return () => { throw new Error("render bug"); }; }'),
      log,
    );
    const paint = await paintOf('/premium', 'ko');
    expect(paint?.({ viewportWidth: 1280, boot: {} })).toBe('');
    expect(paint?.({ viewportWidth: 1280, boot: {} })).toBe('');
    expect(warnings).toEqual(['first paint: page failed to render']);
  });
});
