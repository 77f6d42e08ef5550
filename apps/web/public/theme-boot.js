// Runs before the first paint (inlined into the page by the server). Reads the same keys and shapes as
// src/lib/settings.ts, column-prefs.ts and local-favorites.ts; keep them in step.
(() => {
  const read = (key) => {
    try {
      return JSON.parse(localStorage.getItem(key) || 'null') || {};
    } catch {
      return {}; // unreadable or blocked storage: the defaults
    }
  };
  const html = document.documentElement;
  const settings = read('spreadscope.settings.v1');
  // The stored theme, else the system's: a dark-theme user never sees a white flash.
  let theme = settings.theme === 'dark' || settings.theme === 'light' ? settings.theme : null;
  if (!theme) theme = window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
  html.dataset.theme = theme;
  // Up/down colours (settings.ts resolveUpColor): the convention chosen, else the page's language's.
  let up = html.lang === 'ko' ? 'red' : 'green';
  if (settings.colorConvention === 'red-up') up = 'red';
  if (settings.colorConvention === 'green-up') up = 'green';
  html.dataset.up = up;
  // The server draws /premium in the defaults. Stored choices that change what its table shows (another
  // currency, chosen columns, pinned or owned coins) keep that drawing out of sight (base.css) until the app
  // has drawn the page in them: a moment of nothing is better than a moment of wrong figures.
  const columns = read('spreadscope.columns.v1');
  const favorites = read('spreadscope.favorites.v1');
  const listed = (list) => Array.isArray(list) && list.length > 0;
  if (
    (settings.currency !== undefined && settings.currency !== 'KRW') ||
    Array.isArray(columns.premium) ||
    listed(favorites.pins) ||
    listed(favorites.ownedTokens)
  ) {
    html.dataset.drawing = 'other-settings';
  }
})();
