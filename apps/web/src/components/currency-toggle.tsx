import { CURRENCIES } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../hooks/use-settings.ts';
import { SegmentedControl } from './segmented-control.tsx';

/** Converts every price on screen between won and dollars (UI.md). */
/** `testId` prefixes the hooks, so the header's toggle and the settings dialog's stay distinct for tests. */
export function CurrencyToggle({ size, testId = 'currency' }: { size?: 'sm' | 'md'; testId?: string }) {
  const { t } = useTranslation();
  const [settings, update] = useSettings();
  return (
    <SegmentedControl
      label={t('settings.currencyHint')}
      value={settings.currency}
      testId={`${testId}-toggle`}
      size={size ?? 'sm'}
      options={CURRENCIES.map((currency) => ({
        value: currency,
        label: t(`settings.currencies.${currency}`),
        ariaLabel: t(`settings.currencyNames.${currency}`),
        testId: `${testId}-${currency}`,
      }))}
      onChange={(currency) => update({ currency })}
    />
  );
}
