import {
  announcementFilterOptionsSchema,
  announcementSearchQuerySchema,
  announcementSearchResponseSchema,
  announcementsQuerySchema,
  announcementsResponseSchema,
  calendarQuerySchema,
  calendarResponseSchema,
  cautionsQuerySchema,
  cautionsResponseSchema,
  cexAnnouncementsResponseSchema,
  delistingsResponseSchema,
  tokenUpdatesQuerySchema,
  tokenUpdatesResponseSchema,
} from '@spreadscope/contracts';
import type { NoticesRepository } from '@spreadscope/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CalendarService } from './calendar-service.ts';
import type { NoticesService } from './notices-service.ts';

export interface NoticesRoutesDeps {
  readonly notices: NoticesService;
  readonly repository: NoticesRepository;
  readonly calendar: CalendarService;
  readonly now: () => number;
}

const tags = ['announcements'];

/** Spec §7: announcements (+ /search, /filter-options), cex/announcements, cex/token-updates, and the /events views. */
export function noticesRoutes({
  notices,
  repository,
  calendar,
  now,
}: NoticesRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/announcements',
      {
        schema: {
          tags,
          summary:
            'Exchange announcements: category, exchange, search and paging filters, newest first by default',
          querystring: announcementsQuerySchema,
          response: { 200: announcementsResponseSchema },
        },
      },
      async (request) => notices.list(request.query),
    );

    app.get(
      '/announcements/search',
      {
        schema: {
          tags,
          summary: 'Announcements whose title or tokens match (the global search)',
          querystring: announcementSearchQuerySchema,
          response: { 200: announcementSearchResponseSchema },
        },
      },
      async (request) => ({ data: await notices.search(request.query.q, request.query.limit) }),
    );

    app.get(
      '/announcements/filter-options',
      {
        schema: {
          tags,
          summary: 'Exchanges and categories that have announcements, with counts',
          response: { 200: announcementFilterOptionsSchema },
        },
      },
      async () => notices.filterOptions(),
    );

    app.get(
      '/announcements/cautions',
      {
        schema: {
          tags,
          summary: 'Markets flagged now by their Korean exchange (Upbit 유의/주의, Bithumb 투자유의)',
          querystring: cautionsQuerySchema,
          response: { 200: cautionsResponseSchema },
        },
      },
      async (request) => ({
        data: (
          await repository.listCautions({ venues: request.query.exchange, level: request.query.level })
        ).map((c) => ({
          exchange: c.venue,
          base: c.base,
          quote: c.quote,
          level: c.level,
          reasons: [...c.reasons],
          since: c.since,
        })),
      }),
    );

    app.get(
      '/announcements/delistings',
      {
        schema: {
          tags,
          summary: 'Delisting schedule: delisting notices with their trading end, soonest first',
          response: { 200: delistingsResponseSchema },
        },
      },
      async () => ({ data: await notices.delistings(now()) }),
    );

    app.get(
      '/economic-calendar',
      {
        schema: {
          tags,
          summary: 'Scheduled macro releases (FOMC, CPI, payrolls …) with importance; times in epoch ms',
          querystring: calendarQuerySchema,
          response: { 200: calendarResponseSchema },
        },
      },
      async (request) => calendar.events(request.query),
    );

    app.get(
      '/cex/announcements',
      {
        schema: {
          tags,
          summary: "Announcements in the public API's short keys (e, c, t, s, u, d)",
          querystring: announcementsQuerySchema,
          response: { 200: cexAnnouncementsResponseSchema },
        },
      },
      async (request) => {
        const { dataSource: _omit, data, ...rest } = await notices.list(request.query);
        return {
          ...rest,
          data: data.map((a) => ({
            e: a.exchange,
            c: a.category,
            t: a.title,
            s: a.summary ?? '',
            u: a.url,
            d: a.date,
          })),
        };
      },
    );

    app.get(
      '/cex/token-updates',
      {
        schema: {
          tags,
          summary: 'Markets listed or delisted on an exchange (from its market list), newest first',
          querystring: tokenUpdatesQuerySchema,
          response: { 200: tokenUpdatesResponseSchema },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await repository.listTokenUpdates({
          ...(q.type ? { update: q.type } : {}),
          venues: q.exchange,
          sort: q.sort,
          page: q.page,
          limit: q.limit,
        });
        return {
          data: rows.map((r) => ({
            e: r.venue,
            m: r.market === 'perp' ? ('futures' as const) : ('spot' as const),
            b: r.base,
            q: r.quote,
            t: r.update,
            d: r.at,
          })),
          page: q.page,
          limit: q.limit,
          total,
          sort: q.sort,
          key: 'timestamp',
        };
      },
    );
  };
}
