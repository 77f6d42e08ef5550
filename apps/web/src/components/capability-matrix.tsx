import type { VenueConnection } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import { capabilityCell, capabilityColumns } from '../lib/exchange-health.ts';

/** What each venue publishes and how Spreadscope reads it, venue by venue, with the reasons on hover. */
export function CapabilityMatrix({ venues }: { venues: readonly VenueConnection[] }) {
  const { t } = useTranslation();
  const withCapabilities = venues.filter((v) => v.capabilities !== null);
  const columns = capabilityColumns(withCapabilities);
  if (withCapabilities.length === 0) return <p className="exchanges__muted">{t('exchanges.noFeeds')}</p>;
  return (
    <div className="capability-matrix__scroll">
      <table className="capability-matrix" data-testid="capability-matrix">
        <thead>
          <tr>
            <th scope="col">{t('exchanges.columns.venue')}</th>
            {columns.map((key) => (
              <th scope="col" key={key}>
                {t(`exchanges.capabilityKeys.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {withCapabilities.map((venue) => (
            <tr key={venue.id}>
              <th scope="row">{t(`venues.${venue.id}`)}</th>
              {columns.map((key) => {
                const cell = capabilityCell(venue, key);
                const via = t(`exchanges.vias.${cell.via}`);
                const label = cell.fallback ? t('exchanges.withFallback', { via }) : via;
                const keyText =
                  cell.key === 'needed'
                    ? t('exchanges.needsKey')
                    : cell.key === 'configured'
                      ? t('exchanges.keyConfigured')
                      : null;
                const title = [keyText, cell.note].filter(Boolean).join(' — ');
                return (
                  <td
                    key={key}
                    className={`capability capability--${cell.via}`}
                    title={title || undefined}
                    data-testid={`capability-${venue.id}-${key}`}
                    data-via={cell.via}
                  >
                    {label}
                    {cell.key ? (
                      <span className={`capability__key capability__key--${cell.key}`}>
                        {' '}
                        {cell.key === 'needed' ? '🔒' : '🔑'}
                        <span className="visually-hidden">{keyText}</span>
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
