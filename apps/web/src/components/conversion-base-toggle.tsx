import type { PremiumResponse } from '@spreadscope/contracts';
import { type ConversionBase, formatPrice } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/use-locale.ts';
import { SegmentedControl } from './segmented-control.tsx';

interface Props {
  readonly value: ConversionBase;
  readonly rates: PremiumResponse['rates'] | undefined;
  readonly onChange: (base: ConversionBase) => void;
}

/**
 * Forex USD or USDT: the two can give premiums of opposite sign, so the choice sits next to the table with
 * the rate each one uses right now (UI.md).
 */
export function ConversionBaseToggle({ value, rates, onChange }: Props) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const rateText = (rate: number | null | undefined) =>
    rate === null || rate === undefined ? '—' : formatPrice(rate, 'KRW', language);
  return (
    <SegmentedControl
      label={t('premium.filters.conversionBase')}
      value={value}
      size="md"
      testId="conversion-base-toggle"
      options={(['USD', 'USDT'] as const).map((base) => {
        const rate = rateText(base === 'USD' ? rates?.usdKrw : rates?.usdtKrw);
        return {
          value: base,
          testId: `conversion-base-${base}`,
          ariaLabel: `${t(`premium.filters.bases.${base}`)} ${rate}`,
          label: (
            <span className="base-option">
              <span>{t(`premium.filters.bases.${base}`)}</span>
              <span className="base-option__rate num" data-testid={`rate-${base}`}>
                {rate}
              </span>
            </span>
          ),
        };
      })}
      onChange={onChange}
    />
  );
}
