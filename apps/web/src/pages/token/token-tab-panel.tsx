import type { TokenDetailResponse } from '@spreadscope/contracts';
import { InvalidSymbolError, tryParseSymbol } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { FundingDetailPage } from '../funding-detail-page.tsx';
import { MarginBorrowPage } from '../margin/margin-borrow-page.tsx';
import { PremiumDetail } from '../premium-detail-page.tsx';
import { TokenArbitrageTab } from './token-arbitrage-tab.tsx';
import { TokenListingTab } from './token-listing-tab.tsx';
import { TokenNoticesTab } from './token-notices-tab.tsx';
import { TokenPriceTab } from './token-price-tab.tsx';
import type { TokenTab } from './token-tabs.ts';
import { TokenTransferView } from './token-transfer-view.tsx';
import { TokenTrendTab } from './token-trend-tab.tsx';

/**
 * One tab's content. The premium, funding-rate and margin-borrow tabs are those pages' own views (the funding
 * and margin pages read the token from this route's `id`, the same parameter name); a tab whose data the token
 * has not got (no Korean market, no perpetual) says why instead of showing nothing.
 */
export function TokenTabPanel({
  tab,
  token,
  detail,
}: {
  tab: TokenTab;
  token: string;
  detail: TokenDetailResponse;
}) {
  const { t } = useTranslation();
  switch (tab) {
    case 'price':
      return <TokenPriceTab token={token} exchanges={detail.token.exchanges} />;
    case 'premium': {
      const parsed = detail.koreanSymbol ? tryParseSymbol(detail.koreanSymbol) : null;
      if (!detail.koreanSymbol || !parsed || parsed instanceof InvalidSymbolError) {
        return <Message testId="token-premium-none" text={t('tokenDetail.premiumTab.noKorean', { token })} />;
      }
      return (
        <div className="token-tab token-tab--embedded" data-testid="token-premium-tab">
          <PremiumDetail symbol={detail.koreanSymbol} parsed={parsed} />
        </div>
      );
    }
    case 'arbitrage':
      return <TokenArbitrageTab token={token} />;
    case 'funding-rate':
      if (!detail.perpetual) {
        return <Message testId="token-funding-none" text={t('tokenDetail.fundingTab.noPerp', { token })} />;
      }
      return (
        <div className="token-tab token-tab--embedded" data-testid="token-funding-tab">
          <FundingDetailPage />
        </div>
      );
    case 'trend':
      return <TokenTrendTab token={token} />;
    case 'notice':
      return <TokenNoticesTab token={token} kind="notice" />;
    case 'transfer':
      return (
        <div className="token-tab" data-testid="token-transfer-tab">
          <TokenTransferView token={token} />
        </div>
      );
    case 'event':
      return <TokenNoticesTab token={token} kind="event" />;
    case 'listing-arbitrage':
      return <TokenListingTab token={token} />;
    case 'margin-borrow':
      return (
        <div className="token-tab token-tab--embedded" data-testid="token-margin-tab">
          <MarginBorrowPage />
        </div>
      );
  }
}

function Message({ text, testId }: { text: string; testId: string }) {
  return (
    <div className="token-tab">
      <p className="token-tab__message" role="status" data-testid={testId}>
        {text}
      </p>
    </div>
  );
}
