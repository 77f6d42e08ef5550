import type { VenueId } from '@spreadscope/core';
import type { AdapterContext } from '../venues/adapter.ts';
import { fetchJson } from '../venues/http-json.ts';
import { type Extras, pollTask } from '../venues/tasks.ts';
import { BINANCE_NOTICES_URL, parseBinanceNotices } from './binance/binance-notices.ts';
import { BITGET_NOTICES_URL, parseBitgetNotices } from './bitget/bitget-notices.ts';
import { BITHUMB_NOTICES_URL, parseBithumbNotices } from './bithumb/bithumb-notices.ts';
import { BYBIT_NOTICES_URL, parseBybitNotices } from './bybit/bybit-notices.ts';
import { COINONE_NOTICES_URL, parseCoinoneNotices } from './coinone/coinone-notices.ts';
import { GATEIO_NOTICES_URL, parseGateioNotices } from './gateio/gateio-notices.ts';
import { HUOBI_NOTICES_URL, parseHuobiNotices } from './huobi/huobi-notices.ts';
import { KORBIT_NOTICE_HEADERS, KORBIT_NOTICES_URL, parseKorbitNotices } from './korbit/korbit-notices.ts';
import { MEXC_NOTICES_URL, parseMexcNotices } from './mexc/mexc-notices.ts';
import { type NoticeCandidate, NoticeDeduper } from './notice-candidate.ts';
import { OKX_NOTICES_URL, parseOkxNotices } from './okx/okx-notices.ts';
import { parseUpbitNotices, UPBIT_NOTICES_URL } from './upbit/upbit-notices.ts';

/** Where a venue publishes its notices and how its answer reads. */
export interface NoticeSource {
  readonly url: string;
  readonly format: 'json' | 'text';
  readonly parse: (body: unknown) => NoticeCandidate[];
  /** Headers the venue's endpoint wants beside ours (Korbit's portal: the client platform). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Every venue whose notices we read, through its own public endpoint in its own wire format. */
export const NOTICE_SOURCES: Readonly<Partial<Record<VenueId, NoticeSource>>> = {
  upbit: { url: UPBIT_NOTICES_URL, format: 'json', parse: parseUpbitNotices },
  bithumb: { url: BITHUMB_NOTICES_URL, format: 'json', parse: parseBithumbNotices },
  coinone: { url: COINONE_NOTICES_URL, format: 'json', parse: parseCoinoneNotices },
  korbit: {
    url: KORBIT_NOTICES_URL,
    format: 'json',
    parse: parseKorbitNotices,
    headers: KORBIT_NOTICE_HEADERS,
  },
  binance: { url: BINANCE_NOTICES_URL, format: 'json', parse: parseBinanceNotices },
  bybit: { url: BYBIT_NOTICES_URL, format: 'json', parse: parseBybitNotices },
  okx: { url: OKX_NOTICES_URL, format: 'json', parse: parseOkxNotices },
  bitget: { url: BITGET_NOTICES_URL, format: 'json', parse: parseBitgetNotices },
  gateio: { url: GATEIO_NOTICES_URL, format: 'text', parse: parseGateioNotices },
  huobi: { url: HUOBI_NOTICES_URL, format: 'json', parse: parseHuobiNotices },
  mexc: { url: MEXC_NOTICES_URL, format: 'json', parse: parseMexcNotices },
};

/** Why a venue's notices are not read, where it publishes no list we can read. */
export const NOTICE_GAPS: Readonly<Partial<Record<VenueId, string>>> = {};

/**
 * A venue's notice feed: one supervised poll (the supervisor's back-off on 429/5xx, unreadable answers and
 * network failures), each round deduplicated so only new notices are emitted. Undefined for venues without
 * a notice source.
 */
export function noticeExtras(ctx: AdapterContext): Extras | undefined {
  const source = NOTICE_SOURCES[ctx.venue];
  if (!source) {
    const gap = NOTICE_GAPS[ctx.venue];
    return gap ? { tasks: [], capabilities: { notices: { via: 'none', note: gap } } } : undefined;
  }
  const deduper = new NoticeDeduper(ctx.venue);
  return {
    tasks: [
      pollTask(ctx, 'notices', ctx.settings.noticeIntervalMs, async (signal) => {
        const body = await fetchJson(ctx, source.url, {
          signal,
          accept: source.format,
          ...(source.headers ? { headers: { ...source.headers } } : {}),
        });
        const candidates = source.parse(body);
        if (candidates.length === 0) throw new Error('no notices in the response');
        return { events: deduper.fresh(candidates, ctx.clock()) };
      }),
    ],
    capabilities: { notices: { via: 'rest' } },
  };
}
