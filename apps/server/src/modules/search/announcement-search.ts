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

/** A venue may print a notice's time well before the poll that finds it: recent reads look this far back. */
const LATE_MS = 6 * 60 * 60_000;
/** Read in pages so one reload does not hold the embedded database for long. */
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
 * same rows as `listAnnouncements({ search })` (title ILIKE, or the ticker among its tokens), newest first.
 */
export function indexedAnnouncements(
  repository: NoticesRepository,
  timing: Partial<CorpusTiming> = {},
): AnnouncementFinder & { readonly corpus: LiveCorpus<AnnouncementRecord> } {
  const read = async (from: number | undefined) => {
    const out: IndexedText<AnnouncementRecord>[] = [];
    for (let page = 1; ; page++) {
      const { rows } = await repository.listAnnouncements({
        ...(from === undefined ? {} : { from }),
        sort: 'desc',
        key: 'timestamp',
        page,
        limit: PAGE,
      });
      out.push(...rows.map(indexed));
      if (rows.length < PAGE) return out;
    }
  };
  const corpus = new LiveCorpus<AnnouncementRecord>(
    {
      scope: () => repository.mode,
      all: () => read(undefined),
      recent: (newest) => read(Number.isFinite(newest) ? newest - LATE_MS : undefined),
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
