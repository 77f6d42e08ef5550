import type { BillingProvider } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';

/** Every billing screen says who takes the money; "local" means nothing is charged. */
export function ProviderBadge({ provider }: { provider: BillingProvider | undefined }) {
  const { t } = useTranslation();
  if (!provider) return null;
  return (
    <p
      className={`billing-provider billing-provider--${provider}`}
      data-testid="billing-provider"
      data-provider={provider}
    >
      <strong>{t(`billing.provider.${provider}`)}</strong>
      {provider === 'local' ? <span> — {t('billing.provider.localHint')}</span> : null}
    </p>
  );
}
