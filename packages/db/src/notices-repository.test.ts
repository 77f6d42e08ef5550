import { expect, it } from 'vitest';
import { createNoticesRepository, type NewAnnouncement } from './notices-repository.ts';
import { forEachDatabase } from './test-databases.ts';

const notice = (over: Partial<NewAnnouncement>): NewAnnouncement => ({
  venue: 'upbit',
  category: 'notice',
  title: 'title',
  summary: null,
  url: `https://example.com/${Math.random()}`,
  publishedAt: Date.UTC(2025, 10, 21),
  receivedAt: Date.UTC(2025, 10, 21),
  tokens: [],
  networks: [],
  effectiveAt: null,
  ...over,
});

forEachDatabase('notices repository', (getDb) => {
  it('stores each URL once per source and keeps simulated and live notices apart', async () => {
    const live = createNoticesRepository(getDb(), { mode: 'live' });
    const sim = live.forMode('simulated');
    const row = notice({
      url: 'https://upbit.com/service_center/notice?id=1',
      title: '[거래] 자마(ZAMA) 원화 마켓 디지털 자산 추가',
      category: 'listing',
      tokens: ['ZAMA'],
    });
    expect(await live.insertAnnouncements([row])).toHaveLength(1);
    expect(await live.insertAnnouncements([row])).toHaveLength(0);
    expect(await sim.insertAnnouncements([row])).toHaveLength(1);
    const { rows, total } = await live.listAnnouncements({
      sort: 'desc',
      key: 'timestamp',
      page: 1,
      limit: 10,
    });
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ venue: 'upbit', category: 'listing', tokens: ['ZAMA'] });
  });

  it('filters by category, venue, search words and token; pages newest first', async () => {
    const repo = createNoticesRepository(getDb(), { mode: 'replay' });
    await repo.insertAnnouncements([
      notice({
        venue: 'binance',
        category: 'listing',
        title: 'Binance Will List Zama (ZAMA)',
        tokens: ['ZAMA'],
        publishedAt: 3,
      }),
      notice({
        venue: 'bithumb',
        category: 'delisting',
        title: '[거래지원종료] 루프링(LRC) 거래지원 종료 안내',
        tokens: ['LRC'],
        publishedAt: 2,
        effectiveAt: Date.UTC(2030, 0, 1),
      }),
      notice({ venue: 'binance', category: 'notice', title: 'Wallet maintenance 100%_done', publishedAt: 1 }),
    ]);
    const list = (q: Partial<Parameters<typeof repo.listAnnouncements>[0]>) =>
      repo.listAnnouncements({ sort: 'desc', key: 'timestamp', page: 1, limit: 10, ...q });
    expect((await list({ categories: ['listing', 'delisting'] })).rows.map((r) => r.venue)).toEqual([
      'binance',
      'bithumb',
    ]);
    expect((await list({ venues: ['bithumb'] })).total).toBe(1);
    expect((await list({ search: 'zama' })).rows.map((r) => r.tokens)).toEqual([['ZAMA']]);
    expect((await list({ search: 'lrc' })).total).toBe(1);
    expect((await list({ search: '%_' })).rows.map((r) => r.title)).toEqual(['Wallet maintenance 100%_done']);
    expect((await list({ search: '_' })).total).toBe(1);
    const page2 = await list({ limit: 2, page: 2 });
    expect([page2.total, page2.rows.length, page2.rows[0]?.publishedAt]).toEqual([3, 1, 1]);
    expect((await list({ sort: 'asc', limit: 1 })).rows[0]?.publishedAt).toBe(1);
    expect(await repo.announcementFacets()).toEqual({
      venues: [
        { venue: 'binance', count: 2 },
        { venue: 'bithumb', count: 1 },
      ],
      categories: [
        { category: 'delisting', count: 1 },
        { category: 'listing', count: 1 },
        { category: 'notice', count: 1 },
      ],
    });
    expect((await repo.delistingSchedule(Date.UTC(2029, 0, 1), 10)).map((r) => r.tokens)).toEqual([['LRC']]);
  });

  it('keeps token updates once and the current caution flags with their start', async () => {
    const repo = createNoticesRepository(getDb(), { mode: 'live' });
    const update = {
      venue: 'upbit',
      market: 'spot' as const,
      base: 'ZAMA',
      quote: 'KRW',
      update: 'listed' as const,
      at: 10,
    };
    expect(await repo.insertTokenUpdates([update, update])).toHaveLength(1);
    expect(
      (await repo.listTokenUpdates({ update: 'delisted', sort: 'desc', page: 1, limit: 10 })).total,
    ).toBe(0);
    await repo.setCaution({
      venue: 'upbit',
      base: 'AIT',
      quote: 'KRW',
      level: 'caution',
      reasons: ['price_fluctuations'],
      since: 100,
    });
    await repo.setCaution({
      venue: 'upbit',
      base: 'AIT',
      quote: 'KRW',
      level: 'caution',
      reasons: ['trading_volume_soaring'],
      since: 200,
    });
    expect(await repo.listCautions({})).toEqual([
      {
        venue: 'upbit',
        base: 'AIT',
        quote: 'KRW',
        level: 'caution',
        reasons: ['trading_volume_soaring'],
        since: 100,
      },
    ]);
    await repo.setCaution({
      venue: 'upbit',
      base: 'AIT',
      quote: 'KRW',
      level: 'warning',
      reasons: [],
      since: 300,
    });
    expect((await repo.listCautions({ level: 'warning' }))[0]?.since).toBe(300);
    await repo.setCaution({
      venue: 'upbit',
      base: 'AIT',
      quote: 'KRW',
      level: 'none',
      reasons: [],
      since: 400,
    });
    expect(await repo.listCautions({})).toEqual([]);
  });
});
