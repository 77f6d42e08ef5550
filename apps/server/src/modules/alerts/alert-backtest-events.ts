import type { AlertInput } from '@spreadscope/contracts';
import { type DataSourceMode, frequencyAllows, isVenueId, type VenueId } from '@spreadscope/core';
import type { ListingRepository, WalletsRepository } from '@spreadscope/db';
import type { AlertRule } from '@spreadscope/engine';
import type { ListingMoment } from '../listing/listing-moments.ts';
import { listingRuleMatches, walletRuleMatches } from './event-rules.ts';

/** Where an event rule's past lies: the stored wallet changes and listing events of the running source. */
export interface EventHistory {
  readonly wallets: WalletsRepository;
  readonly listing: ListingRepository;
  readonly mode: () => DataSourceMode;
}

/** Stored events read per back-test (a month of changes of a busy venue is a few thousand). */
const MAX_EVENTS = 10_000;

/**
 * When an event rule (wallet status, listing arbitrage) would have fired since `from`: the stored wallet
 * changes or listing steps it covers, in time order, through its frequency. The premium condition is not
 * replayed (the premium at each past event is not stored with it), so this is how often the event itself came.
 */
export async function eventFireTimes(
  history: EventHistory,
  input: AlertInput,
  rule: AlertRule,
  from: number,
): Promise<{ times: number[]; events: number }> {
  const mode = history.mode();
  let times: number[];
  if (input.strategy === 'wallet-status') {
    const venues = input.exchanges.length > 0 ? input.exchanges : [undefined];
    const assets = input.tokens.length > 0 ? input.tokens : [undefined];
    const reads = venues.flatMap((venue) =>
      assets.map((asset) =>
        history.wallets.readChanges(mode, { venue, asset, since: from, limit: MAX_EVENTS }),
      ),
    );
    times = (await Promise.all(reads))
      .flat()
      .filter((c) => isVenueId(c.venue) && walletRuleMatches(input, { exchange: c.venue, asset: c.asset }))
      .map((c) => c.at);
  } else {
    const rows = await history.listing.forMode(mode).list(from, 500);
    times = [];
    for (const row of rows) {
      if (!isVenueId(row.venue)) continue;
      const steps: [ListingMoment['kind'], number | null][] = [
        ['notice', row.announcedAt],
        ['deposit-open', row.depositOpenedAt],
        ['trading-start', row.tradingStartedAt],
      ];
      for (const [kind, at] of steps) {
        if (at === null || at < from) continue;
        const moment: ListingMoment = {
          kind,
          venue: row.venue as VenueId,
          base: row.base,
          quote: row.quote,
          slug: '',
          at,
          premiumPct: null,
        };
        if (listingRuleMatches(input, moment)) times.push(at);
      }
    }
  }
  times.sort((a, b) => a - b);
  const fired: number[] = [];
  let last = 0;
  for (const t of times) {
    if (!frequencyAllows({ ...rule, once: false }, last, t)) continue;
    last = t;
    fired.push(t);
  }
  return { times: fired, events: times.length };
}
