import type { VenueConnection } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import './venue-status-panel.css';
import { formatDuration } from '../lib/duration.ts';

interface Props {
  readonly venues: readonly VenueConnection[] | undefined;
}

/** Every exchange's link at a glance: a trader checks this before trusting a premium. */
export function VenueStatusPanel({ venues }: Props) {
  const { t } = useTranslation();
  const shown = venues?.filter((v) => v.status !== 'unsupported') ?? [];
  const groups = [
    { key: 'korea', title: t('landing.venuesKorea'), items: shown.filter((v) => v.region === 'korea') },
    {
      key: 'overseas',
      title: t('landing.venuesOverseas'),
      items: shown.filter((v) => v.region === 'overseas'),
    },
  ].filter((group) => group.items.length > 0);

  return (
    <section className="venue-panel" aria-labelledby="venue-panel-title" data-testid="venue-panel">
      <h2 id="venue-panel-title" className="venue-panel__title">
        {t('landing.venuesTitle')}
      </h2>
      {groups.length === 0 ? (
        <p className="venue-panel__empty">{t('landing.venuesEmpty')}</p>
      ) : (
        groups.map((group) => (
          <div key={group.key} className="venue-panel__group">
            <h3 className="venue-panel__group-title">{group.title}</h3>
            <ul className="venue-panel__list">
              {group.items.map((venue) => (
                <li key={venue.id} className="venue-panel__item" data-testid={`venue-${venue.id}`}>
                  <span className={`venue-panel__dot venue-panel__dot--${venue.status}`} aria-hidden="true" />
                  <span className="venue-panel__name">{t(`venues.${venue.id}`)}</span>
                  <span className={`venue-panel__status venue-panel__status--${venue.status}`}>
                    {t(`venueStatus.${venue.status}`)}
                  </span>
                  <span className="venue-panel__meta num" title={venue.lastError ?? undefined}>
                    {venue.lastMessageAgeMs !== null
                      ? formatDuration(venue.lastMessageAgeMs, t)
                      : t('landing.venueInstruments', { count: venue.instruments })}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
