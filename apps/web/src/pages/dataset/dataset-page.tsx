import type { DatasetCategory, Role } from '@spreadscope/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { getJson } from '../../lib/api-client.ts';
import { DatasetCard } from './dataset-card.tsx';
import '../legal-page.css';
import '../info/info-pages.css';
import './dataset-page.css';

type Cell = string | number | boolean | null;

export interface CatalogueEntry {
  readonly id: DatasetCategory;
  readonly collected: boolean;
  readonly access: 'all' | 'pro';
  readonly kind: 'range' | 'snapshot' | null;
  readonly apiCall: string;
  /** `since`: the oldest stored row (epoch ms); null for current-state categories. */
  readonly coverage: {
    readonly venues: readonly string[];
    readonly rows: number;
    readonly since: number | null;
  };
  readonly defaultMarket: { readonly exchange: string; readonly symbol: string } | null;
  readonly sample: {
    readonly columns: readonly string[];
    readonly rows: readonly (readonly Cell[])[];
  } | null;
}

interface Catalogue {
  readonly categories: readonly CatalogueEntry[];
  readonly rangeDays: Readonly<Record<Role, number>>;
}

/** /dataset (spec §2 "dataset explorer"): the data categories of spec §3, each with a sample and a CSV. */
export function DatasetPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('dataset.title'));
  const catalogue = useQuery({
    queryKey: ['dataset', 'catalogue'],
    queryFn: ({ signal }) => getJson<Catalogue>('/dataset', {}, i18n.language === 'en' ? 'en' : 'ko', signal),
    refetchInterval: 30_000,
  });
  const data = catalogue.data;
  return (
    <article className="legal-page dataset-page" data-testid="dataset-page" aria-labelledby="dataset-title">
      <header className="legal-page__head">
        <h1 id="dataset-title">{t('dataset.title')}</h1>
        <p className="legal-page__lead">{t('dataset.lead')}</p>
        {data ? <p className="legal-page__meta">{t('dataset.limits', data.rangeDays)}</p> : null}
      </header>
      {data ? (
        <div className="dataset-page__list">
          {data.categories.map((entry) => (
            <DatasetCard key={entry.id} entry={entry} />
          ))}
        </div>
      ) : (
        <p role="status">{catalogue.isError ? t('dataset.failed') : t('dataset.loading')}</p>
      )}
    </article>
  );
}
