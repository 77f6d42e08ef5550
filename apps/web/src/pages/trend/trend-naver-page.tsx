import type { RisingResponse, SearchTrendResponse } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TimeChart } from '../../components/charts/time-chart.tsx';
import { SegmentedControl } from '../../components/segmented-control.tsx';
import { useMarketQuery } from '../../hooks/use-market-query.ts';
import { seriesColor } from '../../lib/chart-colors.ts';
import { risePercent } from './trend-format.ts';
import { TrendLayout, TrendPager } from './trend-layout.tsx';

type Engine = 'naver' | 'google';
const LIMIT = 30;
const TOKEN = /^[A-Za-z0-9]{1,20}$/;

/** /trend/naver-search: the rising-interest ranking and a daily search-interest chart of the picked token. */
export function TrendNaverPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const engine: Engine = params.get('engine') === 'google' ? 'google' : 'naver';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const rising = useMarketQuery<RisingResponse>('/naver-trend', { engine, page, limit: LIMIT }, 300_000);
  const picked = TOKEN.test(params.get('symbol') ?? '')
    ? (params.get('symbol') ?? '').toUpperCase()
    : (rising.data?.data[0]?.base ?? '');
  const series = useMarketQuery<SearchTrendResponse>(
    `/${engine}/trend`,
    { symbol: picked, days: 90 },
    300_000,
    picked !== '',
  );
  const set = (changes: Record<string, string | null>) => {
    const copy = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) copy.delete(name);
      else copy.set(name, value);
    }
    setParams(copy, { replace: true });
  };
  const engineName = t(`trend.engines.${engine}`);
  const points = series.data?.data ?? [];
  return (
    <TrendLayout
      title={t('trend.naverTitle')}
      sources={rising.data?.sources}
      testId="trend-naver"
      active="naver"
    >
      <p className="detail-page__meta">{t('trend.naverLead')}</p>
      <SegmentedControl
        label={t('trend.engineLabel')}
        value={engine}
        options={(['naver', 'google'] as const).map((e) => ({
          value: e,
          label: t(`trend.engines.${e}`),
          testId: `trend-engine-${e}`,
        }))}
        onChange={(next) => set({ engine: next === 'naver' ? null : next, page: null })}
      />
      <section className="detail-page__card" aria-labelledby="trend-chart-title">
        <h2 id="trend-chart-title">
          {picked ? t('trend.chartTitle', { symbol: picked, engine: engineName }) : t('trend.pickToken')}
        </h2>
        {picked && points.length > 0 ? (
          <TimeChart
            series={[
              {
                kind: 'line',
                id: 'interest',
                color: seriesColor(0),
                data: points.map((p) => ({ t: p.d, value: p.v })),
              },
            ]}
            format={(v) => v.toFixed(1)}
            label={t('trend.chartLabel', { symbol: picked, engine: engineName })}
            testId="trend-chart"
            resetKey={`${engine}:${picked}`}
            height={240}
          />
        ) : (
          <p role="status" className="detail-page__message" data-testid="trend-chart-empty">
            {picked && series.data ? t('trend.noSeries') : picked ? t('trend.loading') : t('trend.pickToken')}
          </p>
        )}
      </section>
      <section className="detail-page__card" aria-labelledby="trend-rising-title">
        <h2 id="trend-rising-title">{t('trend.risingTitle')}</h2>
        {rising.data && rising.data.data.length === 0 ? (
          <p role="status" className="detail-page__message" data-testid="trend-empty">
            {t('trend.empty')}
          </p>
        ) : (
          <div className="trend-table-wrap">
            <table className="trend-table" data-testid="rising-table">
              <thead>
                <tr>
                  <th className="num">{t('trend.columns.rank')}</th>
                  <th>{t('trend.columns.token')}</th>
                  <th className="num">{t('trend.columns.rise')}</th>
                  <th className="num">{t('trend.columns.recent')}</th>
                  <th className="num trend-hide-phone">{t('trend.columns.before')}</th>
                  <th className="num trend-hide-phone">{t('trend.columns.latest')}</th>
                </tr>
              </thead>
              <tbody>
                {(rising.data?.data ?? []).map((r) => (
                  <tr
                    key={r.base}
                    className={`trend-row${r.base === picked ? ' trend-row--picked' : ''}`}
                    data-testid="rising-row"
                  >
                    <td className="num">{r.rank}</td>
                    <td>
                      <button
                        type="button"
                        className="trend-pick"
                        aria-pressed={r.base === picked}
                        onClick={() => set({ symbol: r.base })}
                      >
                        {r.base}
                      </button>
                    </td>
                    <td className="num">{risePercent(r.rise)}</td>
                    <td className="num">{r.recent.toFixed(1)}</td>
                    <td className="num trend-hide-phone">{r.before.toFixed(1)}</td>
                    <td className="num trend-hide-phone">{r.latest.toFixed(1)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {rising.data ? (
          <TrendPager
            page={page}
            total={rising.data.total}
            limit={LIMIT}
            onPage={(p) => set({ page: String(p) })}
          />
        ) : null}
      </section>
    </TrendLayout>
  );
}
