// Applies the stored theme before the first paint so a dark-theme user never sees a white flash.
// Reads the same key and shape as src/lib/settings.ts (SETTINGS_STORAGE_KEY); keep the two in step.
(() => {
  let theme = null;
  try {
    const stored = JSON.parse(localStorage.getItem('spreadscope.settings.v1') || 'null');
    if (stored && (stored.theme === 'dark' || stored.theme === 'light')) theme = stored.theme;
  } catch {
    // unreadable storage: follow the system
  }
  if (!theme) theme = window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
  document.documentElement.dataset.theme = theme;
})();
