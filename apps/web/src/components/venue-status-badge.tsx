import type { VenueConnection } from '@spreadscope/contracts';
import { useTranslation } from 'react-i18next';
import './venue-status-badge.css';
import { formatDuration } from '../lib/duration.ts';

/**
 * A venue's link state next to its prices (UI.md): a dot when healthy, the word when not, the last message
 * age on hover.
 */
export function VenueStatusBadge({ venue }: { venue: VenueConnection | undefined }) {
  const { t } = useTranslation();
  const status = venue?.status ?? 'unknown';
  const label = t(`venueStatus.${status}`);
  const age =
    venue?.lastMessageAgeMs !== null && venue?.lastMessageAgeMs !== undefined
      ? t('venueStatus.age', { age: formatDuration(venue.lastMessageAgeMs, t) })
      : null;
  const title = [label, age, venue?.lastError].filter(Boolean).join(' · ');
  const healthy = status === 'connected';
  return (
    <span
      className={`venue-status venue-status--${status}`}
      title={title}
      data-testid={`venue-status-${venue?.id ?? 'unknown'}`}
      data-status={status}
    >
      <span className="venue-status__dot" aria-hidden="true" />
      {healthy ? <span className="visually-hidden">{label}</span> : <span>{label}</span>}
    </span>
  );
}
