import type { TokenDetailResponse } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../hooks/use-locale.ts';
import { useSettings } from '../../hooks/use-settings.ts';
import { tone } from '../../lib/number-display.ts';
import { percentOrDash, tokenDisplayName, tokenPrice, tokenVolume } from './token-format.ts';

/** The token's headline: name, price, 24 h change and volume, Kimchi premium, funding, where it trades. */
export function TokenHeader({
  token,
  detail,
  error,
}: {
  token: string;
  detail: TokenDetailResponse | undefined;
  error: Error | null;
}) {
  const { t } = useTranslation();
  const { language, to } = useLocale();
  const [settings] = useSettings();
  const row = detail?.token;
  const name = row ? tokenDisplayName(row, language) : null;
  return (
    <header className="token-page__header">
      <img
        className="token-page__icon"
        src={`/api/v1/front/icons/tokens/${token}`}
        alt=""
        width={36}
        height={36}
      />
      <div className="token-page__title">
        <h1>{token}</h1>
        {name ? <span className="token-page__name">{name}</span> : null}
      </div>
      <Link className="token-page__back" to={to('/token')}>
        {t('tokenDetail.back')}
      </Link>
      {row && !error ? (
        <dl className="token-page__facts" data-testid="token-facts">
          <div>
            <dt>{t('tokenDetail.price')}</dt>
            <dd className="num" data-testid="token-detail-price">
              {tokenPrice(row, settings.currency, language)}
            </dd>
          </div>
          <div>
            <dt>{t('tokenDetail.change')}</dt>
            <dd className={`num ${tone(row.change24hPercent)}`}>{percentOrDash(row.change24hPercent)}</dd>
          </div>
          <div>
            <dt>{t('tokenDetail.premium')}</dt>
            <dd className={`num ${tone(row.premiumPercent)}`}>{percentOrDash(row.premiumPercent)}</dd>
          </div>
          <div>
            <dt>{t('tokenDetail.volume')}</dt>
            <dd className="num">{tokenVolume(row, settings.currency, language)}</dd>
          </div>
          <div>
            <dt>{t('tokenDetail.funding')}</dt>
            <dd className={`num ${tone(row.fundingRatePercent)}`}>
              {percentOrDash(row.fundingRatePercent, 4)}
            </dd>
          </div>
          <div>
            <dt>{t('tokenDetail.exchanges')}</dt>
            <dd>{row.exchanges.map((v) => t(`venues.${v}`)).join(', ')}</dd>
          </div>
        </dl>
      ) : null}
    </header>
  );
}
