import { expect, it } from 'vitest';
import { createNoticesRepository, type NewAnnouncement } from './notices-repository.ts';
import { createSearchReads } from './search-reads.ts';
import { forEachDatabase } from './test-databases.ts';
import { createTrendsRepository } from './trends-repository.ts';

const T = Date.UTC(2026, 10, 26, 3);

const notice = (n: number, mode: string): NewAnnouncement => ({
  venue: 'upbit',
  category: 'listing',
  title: `notice ${n} ${mode}`,
  summary: null,
  url: `https://search-reads.example/${mode}/${n}`,
  // Printed times out of insertion order: the index reads by id, not by time.
  publishedAt: T - n * 60_000,
  receivedAt: T,
  tokens: ['BTC'],
  networks: [],
  effectiveAt: null,
});

forEachDatabase('search reads', (getDb) => {
  it('reads announcements after an id, lowest first, one source at a time', async () => {
    const live = createNoticesRepository(getDb(), { mode: 'live' });
    await live.forMode('simulated').insertAnnouncements([notice(9, 'simulated')]);
    const stored = await live.insertAnnouncements([notice(1, 'live'), notice(2, 'live'), notice(3, 'live')]);
    const ids = stored.map((r) => r.id);
    const reads = createSearchReads(getDb(), { mode: 'live' });
    const first = ids[0] as number;
    const after = await reads.announcementsAfter(first, 10);
    expect(after.map((r) => r.title)).toEqual(['notice 2 live', 'notice 3 live']);
    expect(after[0]).toMatchObject({
      venue: 'upbit',
      category: 'listing',
      tokens: ['BTC'],
      publishedAt: T - 120_000,
    });
    expect(await reads.announcementsAfter(first, 1)).toHaveLength(1);
    expect(await live.announcementsAfter(Math.max(...ids), 10)).toEqual([]);
  });

  it('reads posts since a time, newest first, without the other source', async () => {
    const trends = createTrendsRepository(getDb(), { mode: 'live' });
    const post = (messageId: number, minutesAgo: number) => ({
      channel: 'searchreads',
      messageId,
      text: `post ${messageId}`,
      publishedAt: T - minutesAgo * 60_000,
      views: 1,
      forwards: 0,
      reactions: 0,
      tokens: ['ETH'],
    });
    await trends.upsertPosts([post(1, 90), post(2, 30), post(3, 10)]);
    await trends.forMode('simulated').upsertPosts([post(4, 5)]);
    const reads = createSearchReads(getDb(), { mode: 'live' });
    const recent = (await reads.postsSince(T - 60 * 60_000, 100)).filter((p) => p.channel === 'searchreads');
    expect(recent.map((p) => p.messageId)).toEqual([3, 2]);
    expect(recent[0]).toMatchObject({ text: 'post 3', tokens: ['ETH'], publishedAt: T - 600_000 });
    const all = (await reads.postsSince(null, 100)).filter((p) => p.channel === 'searchreads');
    expect(all.map((p) => p.messageId)).toEqual([3, 2, 1]);
  });
});
