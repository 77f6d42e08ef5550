/**
 * Applies the stylesheets a drawn page only preloads (the server's critical-css.ts inlines what the drawing
 * needs): linked by the parser, they would restyle and lay out the whole drawing before its first frame, only
 * for the app to replace it. Resolves once each has loaded or failed — the app renders either way, as it would
 * over a stylesheet that failed to download.
 */
export function linkPreloadedStyles(doc: Document = document): Promise<void> {
  const linked = new Set(
    [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href),
  );
  const loads: Promise<void>[] = [];
  for (const preload of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')) {
    if (linked.has(preload.href)) continue;
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    // The same request mode as the preload, or the browser fetches the file a second time.
    if (preload.crossOrigin !== null) link.crossOrigin = preload.crossOrigin;
    link.href = preload.href;
    loads.push(
      new Promise((resolve) => {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
      }),
    );
    linked.add(preload.href);
    doc.head.append(link);
  }
  return Promise.all(loads).then(() => undefined);
}
