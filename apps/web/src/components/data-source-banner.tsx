import { formatClock } from '@spreadscope/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/use-locale.ts';
import { useMarketStatus } from '../hooks/use-market-status.ts';
import { describeSourceReason } from '../lib/source-reason.ts';
import './data-source-banner.css';

/**
 * UI.md: when the simulator or a replay feeds the page, every screen says so. The server's reason is one click
 * (or a hover) away, because an operator debugging a feed needs it and a trader needs the headline.
 */
export function DataSourceBanner() {
  const { t } = useTranslation();
  const { t: serverText } = useTranslation('server');
  const { language } = useLocale();
  const { dataSource } = useMarketStatus();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  if (!dataSource || dataSource.mode === 'live') return null;

  const mode = dataSource.mode;
  const explanation = serverText(mode === 'simulated' ? 'source.simulated' : 'source.replay');
  const reason = dataSource.reason ? describeSourceReason(dataSource.reason, t) : null;
  const hover = [explanation, reason].filter(Boolean).join('\n');
  return (
    <div className="data-source-banner" role="status" data-testid="data-source-banner" data-mode={mode}>
      <div className="data-source-banner__line" title={hover}>
        <span className="data-source-banner__tag">{t(`status.dataSource.${mode}`)}</span>
        <span className="data-source-banner__text">{t(`banner.${mode}`)}</span>
        <button
          type="button"
          className="data-source-banner__toggle"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('banner.hideReason') : t('banner.showReason')}
        </button>
      </div>
      <div id={detailsId} className="data-source-banner__details" hidden={!open}>
        <p>{explanation}</p>
        {reason ? (
          <p className="data-source-banner__reason" data-testid="data-source-reason">
            {reason}
          </p>
        ) : null}
        <p className="data-source-banner__since">
          {t('banner.since', { time: formatClock(dataSource.since, language) })}
        </p>
      </div>
    </div>
  );
}
