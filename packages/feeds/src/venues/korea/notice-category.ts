import type { NoticeEvent } from '@spreadscope/core';

type Category = NoticeEvent['category'];

// Korean exchanges title their notices in a fixed vocabulary; these are the words traders act on.
const DELISTING = /거래\s*지원\s*종료|상장\s*폐지|마켓\s*종료|delist|trading support termination/i;
const LISTING =
  /신규\s*(거래\s*지원|상장)|디지털\s*자산\s*추가|마켓\s*추가|원화\s*마켓|market support for|new listing/i;
const EVENT = /이벤트|에어드랍|프로모션|event|airdrop/i;

/**
 * A notice's category (spec §3: listing, delisting, notice, user_events) from the venue's own category
 * labels and its title. Delisting is checked first: "거래지원 종료" must never read as a listing.
 */
export function noticeCategory(title: string, labels: readonly string[] = []): Category {
  const text = `${labels.join(' ')} ${title}`;
  if (DELISTING.test(text)) return 'delisting';
  if (LISTING.test(text)) return 'listing';
  if (EVENT.test(text)) return 'user_events';
  return 'notice';
}
