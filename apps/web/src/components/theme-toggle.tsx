import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { resolveTheme } from '../lib/settings.ts';

export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [settings, update] = useSettings();
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const theme = resolveTheme(settings.theme, systemDark);
  const other = theme === 'dark' ? 'light' : 'dark';
  const label = t('settings.switchTheme', { theme: t(`settings.themes.${other}`) });
  return (
    <button
      type="button"
      className={`icon-button${className ? ` ${className}` : ''}`}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      data-theme-current={theme}
      onClick={() => update({ theme: other })}
    >
      {theme === 'dark' ? <MoonIcon /> : <SunIcon />}
    </button>
  );
}

function MoonIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" fill="currentColor" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4.5" fill="currentColor" />
      <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" />
      </g>
    </svg>
  );
}
