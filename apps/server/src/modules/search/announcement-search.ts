import type { Announcement } from '@spreadscope/contracts';
import type { AnnouncementRecord, NoticesRepository } from '@spreadscope/db';
import { present } from '../notices/notices-service.ts';
import { type CorpusTiming, LiveCorpus } from './live-corpus.ts';
import type { IndexedText } from './text-index.ts';

/** Announcements the search reads: titles and tagged tickers, newest first, with a version for the cache. */
export interface AnnouncementFinder {
  search(q: string, limit: number): Promise<Announcement[]>;
  /** Changes whenever an answer may have; absent, answers are not cached. */
  readonly version?: () => string;
}

/** Read in pages of ids so one read does not hold the embedded database for long. */
const PAGE = 5_000;

const indexed = (row: AnnouncementRecord): IndexedText<AnnouncementRecord> => ({
  key: String(row.id),
  text: row.title,
  tags: row.tokens,
  at: row.publishedAt,
  tie: row.id,
  value: row,
});

/**
 * The global search's announcements from an in-memory index of every stored title (see LiveCorpus): the
 * same rows as `listAnnouncements({ search })` (title ILIKE, or the ticker among its tokens), newest first;
 * topped up by id, with no count.
 */
export function indexedAnnouncements(
  repository: NoticesRepository,
  timing: Partial<CorpusTiming> = {},
): AnnouncementFinder & { readonly corpus: LiveCorpus<AnnouncementRecord> } {
  // Ids grow with every insert (one writer, the notices service), so "after the highest id held" is exactly
  // what is new, whatever time a venue printed on it.
  const read = async (afterId: number) => {
    const out: IndexedText<AnnouncementRecord>[] = [];
    for (let after = afterId; ; ) {
      const rows = await repository.announcementsAfter(after, PAGE);
      out.push(...rows.map(indexed));
      const last = rows[rows.length - 1];
      if (!last || rows.length < PAGE) return out;
      after = last.id;
    }
  };
  const corpus = new LiveCorpus<AnnouncementRecord>(
    {
      scope: () => repository.mode,
      all: () => read(0),
      recent: (held) => read(Number.isFinite(held.tie) ? held.tie : 0),
    },
    timing,
  );
  return {
    corpus,
    version: () => corpus.version,
    async search(q, limit) {
      const simulated = repository.mode === 'simulated';
      return (await corpus.find(q, limit)).map((row) => present(row, simulated));
    },
  };
}
