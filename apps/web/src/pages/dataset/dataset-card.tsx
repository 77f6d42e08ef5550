import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../lib/api-client.ts';
import type { CatalogueEntry } from './dataset-page.tsx';

const DAY = 86_400_000;

/** A datetime-local value (the reader's clock) for an instant. */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** One category: what it holds, coverage, the API call, a live sample and its CSV download. */
export function DatasetCard({ entry }: { entry: CatalogueEntry }) {
  const { t } = useTranslation();
  const id = useId();
  const [range, setRange] = useState(() => {
    const now = Date.now();
    return { from: localInput(now - DAY), to: localInput(now) };
  });
  const name = t(`dataset.categories.${entry.id}.title`);
  const query = new URLSearchParams();
  if (entry.kind === 'range') {
    const from = Date.parse(range.from);
    const to = Date.parse(range.to);
    if (Number.isFinite(from)) query.set('from', String(from));
    if (Number.isFinite(to)) query.set('to', String(to));
  }
  const href = `${API_BASE}/dataset/${entry.id}/csv${query.size > 0 ? `?${query}` : ''}`;
  return (
    <section
      className="info-page__card dataset-card"
      aria-labelledby={`${id}-title`}
      data-testid={`dataset-${entry.id}`}
    >
      <h2 id={`${id}-title`}>
        {name} <code className="dataset-card__id">{entry.id}</code>
        {entry.access === 'pro' ? <span className="dataset-card__badge">{t('dataset.pro')}</span> : null}
      </h2>
      <p>{t(`dataset.categories.${entry.id}.body`)}</p>
      {!entry.collected ? (
        <p className="legal-page__meta">{t('dataset.notCollected')}</p>
      ) : (
        <>
          <dl className="info-page__details">
            <dt>{t('dataset.coverage')}</dt>
            <dd>
              {entry.coverage.venues.length > 0
                ? `${t('dataset.venues', { count: entry.coverage.venues.length })} · `
                : null}
              {entry.kind === 'range'
                ? t('dataset.series')
                : `${t('dataset.rows', { count: entry.coverage.rows })} · ${t('dataset.liveSnapshot')}`}
            </dd>
            {entry.coverage.since !== null ? (
              <>
                <dt>{t('dataset.since')}</dt>
                <dd data-testid={`dataset-${entry.id}-since`}>
                  <time dateTime={new Date(entry.coverage.since).toISOString()}>
                    {localInput(entry.coverage.since).replace('T', ' ')}
                  </time>
                </dd>
              </>
            ) : null}
            {entry.defaultMarket ? (
              <>
                <dt>{t('dataset.market')}</dt>
                <dd>{entry.defaultMarket.symbol}</dd>
              </>
            ) : null}
            <dt>{t('dataset.apiCall')}</dt>
            <dd>
              <code>GET {entry.apiCall}</code>
            </dd>
          </dl>
          <details className="dataset-card__sample">
            <summary>{t('dataset.sample')}</summary>
            {entry.sample && entry.sample.rows.length > 0 ? (
              <div className="dataset-card__scroll">
                <table>
                  <thead>
                    <tr>
                      {entry.sample.columns.map((c) => (
                        <th key={c} scope="col">
                          {c}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {entry.sample.rows.map((row) => (
                      <tr key={row.join('|')}>
                        {row.map((value, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
                          <td key={i}>{value === null ? '' : String(value)}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p>{t('dataset.noSample')}</p>
            )}
          </details>
          <div className="dataset-card__download">
            {entry.kind === 'range' ? (
              <>
                <label>
                  {t('dataset.from')}
                  <input
                    type="datetime-local"
                    value={range.from}
                    onChange={(event) => setRange({ ...range, from: event.target.value })}
                    data-testid={`dataset-${entry.id}-from`}
                  />
                </label>
                <label>
                  {t('dataset.to')}
                  <input
                    type="datetime-local"
                    value={range.to}
                    onChange={(event) => setRange({ ...range, to: event.target.value })}
                    data-testid={`dataset-${entry.id}-to`}
                  />
                </label>
              </>
            ) : null}
            <a className="button" href={href} download data-testid={`dataset-${entry.id}-download`}>
              {t('dataset.download')}
            </a>
          </div>
        </>
      )}
    </section>
  );
}
