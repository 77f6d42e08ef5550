import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { AnnouncementsView } from './announcements-view.tsx';
import { CalendarView, CautionsView, DelistingsView, TokenUpdatesView } from './reference-views.tsx';
import './events-page.css';

const VIEWS = ['announcements', 'tokenUpdates', 'cautions', 'delistings', 'calendar'] as const;
type View = (typeof VIEWS)[number];

/** /events: exchange announcements (spec §2), with token updates, caution flags, delistings and the calendar. */
export function EventsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('events.title'));
  const [view, setView] = useState<View>('announcements');
  return (
    <div className="events" data-testid="events-page">
      <header className="events__header">
        <h1>{t('events.title')}</h1>
        <p className="events__muted">{t('events.lead')}</p>
      </header>
      <div className="events__views" role="tablist" aria-label={t('events.title')}>
        {VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            className="events__view-tab"
            data-testid={`view-${v}`}
            onClick={() => setView(v)}
          >
            {t(`events.views.${v}`)}
          </button>
        ))}
      </div>
      {view === 'announcements' ? <AnnouncementsView /> : null}
      {view === 'tokenUpdates' ? <TokenUpdatesView /> : null}
      {view === 'cautions' ? <CautionsView /> : null}
      {view === 'delistings' ? <DelistingsView /> : null}
      {view === 'calendar' ? <CalendarView /> : null}
    </div>
  );
}
