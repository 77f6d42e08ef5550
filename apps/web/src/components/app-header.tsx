import { AccountEntry } from '../auth/account-entry.tsx';
import { BrandLogo } from './brand-logo.tsx';
import { CurrencyToggle } from './currency-toggle.tsx';
import { IntervalControl } from './interval-control.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { MainNav } from './main-nav.tsx';
import { GlobalSearch } from './search/global-search.tsx';
import { SettingsDialog } from './settings-dialog.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import './app-header.css';

/**
 * Logo, navigation and the display controls. Below the tablet breakpoint the nav takes its own row and the
 * interval, theme and language move into the settings dialog; the currency toggle stays in reach everywhere.
 */
export function AppHeader() {
  return (
    <header className="app-header">
      <BrandLogo />
      <MainNav className="app-header__nav" />
      <div className="app-header__controls">
        <GlobalSearch />
        <IntervalControl className="app-header__interval" />
        <CurrencyToggle />
        <ThemeToggle className="app-header__wide-only" />
        <LanguageSwitch className="app-header__wide-only" />
        <SettingsDialog />
        <AccountEntry />
      </div>
    </header>
  );
}
