import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { SpreadPage } from './spread-page.tsx';

/** /premium: the live Kimchi premium table with every spec §5 filter. */
export function PremiumPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.premium'));
  return (
    <SpreadPage
      kind="premium"
      title={t('premium.title')}
      subtitle={t('premium.subtitle')}
      tableLabel={t('spread.premiumTableLabel')}
    />
  );
}
