import type { ArbitrageKind } from '@spreadscope/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useCurrentInView } from '../hooks/use-current-in-view.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocale } from '../hooks/use-locale.ts';
import { ARBITRAGE_ROUTES } from '../lib/market-api.ts';
import { SpreadPage } from './spread-page.tsx';
import './arbitrage-page.css';

const KINDS = ['spot-spot', 'spot-perp', 'perp-perp'] as const;

/** /arbitrage, /arbitrage/spot-to-perpetual, /arbitrage/perpetuals: buy one market, sell the other. */
export function ArbitragePage({ kind }: { kind: ArbitrageKind }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  useDocumentTitle(t(`arbitrage.titles.${kind}`));
  const tabRow = useRef<HTMLElement>(null);
  useCurrentInView(tabRow);
  const tabs = (
    <nav className="sub-tabs" aria-label={t('arbitrage.tabsLabel')} ref={tabRow}>
      {KINDS.map((k) => (
        <NavLink
          key={k}
          to={to(ARBITRAGE_ROUTES[k])}
          end
          className="sub-tabs__tab"
          data-testid={`arbitrage-tab-${k}`}
        >
          {t(`arbitrage.tabs.${k}`)}
        </NavLink>
      ))}
    </nav>
  );
  return (
    <SpreadPage
      key={kind}
      kind={kind}
      title={t(`arbitrage.titles.${kind}`)}
      subtitle={t(`arbitrage.subtitles.${kind}`)}
      tableLabel={t('arbitrage.tableLabel', { kind: t(`arbitrage.tabs.${kind}`) })}
      tabs={tabs}
    />
  );
}
