import type { MarketEvent } from '@spreadscope/core';
import { T0 } from './test-server.ts';

type Notice = Extract<MarketEvent, { type: 'notice' }>;

/** Upbit's real KRW-market listing notice for AIT (published a minute before T0), as the listing tests read it. */
export function aitListingNotice(over: Partial<Notice> = {}): MarketEvent {
  return {
    t: T0,
    type: 'notice',
    venue: 'upbit',
    category: 'listing',
    title: '[거래] 에이아이티프로토콜(AIT) 원화 마켓 디지털 자산 추가',
    summary: '- 지원 네트워크 : Ethereum\n- 거래지원 개시 시점 : 2025-11-21 17:00 KST 예정',
    url: 'https://upbit.com/service_center/notice?id=5731',
    publishedAt: T0 - 60_000,
    ...over,
  };
}
