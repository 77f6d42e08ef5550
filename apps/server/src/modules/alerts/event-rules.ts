import type { AlertInput } from '@spreadscope/contracts';
import { findVenue, type Language, translate, type VenueId } from '@spreadscope/core';
import type { ListingMoment } from '../listing/listing-moments.ts';
import type { WalletChangeEvent } from '../wallets/wallet-events.ts';

/** Whether a token is one the rule covers: its tokens (every token when none), minus the blacklist. */
function coversToken(d: AlertInput, token: string): boolean {
  if (d.blacklistTokens.includes(token)) return false;
  return d.tokens.length === 0 || d.tokens.includes(token);
}

/** A wallet-status rule hears a change on its exchanges (every exchange when none) for a token it covers. */
export function walletRuleMatches(d: AlertInput, e: Pick<WalletChangeEvent, 'exchange' | 'asset'>): boolean {
  if (d.strategy !== 'wallet-status') return false;
  if (d.exchanges.length > 0 && !d.exchanges.includes(e.exchange)) return false;
  return coversToken(d, e.asset);
}

/**
 * A listing-arbitrage rule hears a listing step on one of its listing exchanges, of its alert type (every step
 * when none), on Upbit only in the chosen quote market.
 */
export function listingRuleMatches(d: AlertInput, m: ListingMoment): boolean {
  if (d.strategy !== 'listing-arbitrage') return false;
  if (!d.listingExchanges.includes(m.venue as VenueId)) return false;
  if (d.alertType !== null && d.alertType !== m.kind) return false;
  if (m.venue === 'upbit' && m.quote !== d.upbitQuoteMarket) return false;
  return coversToken(d, m.base);
}

/** Within this of the threshold, "equal to" holds (premiums move in hundredths of a percent). */
const EQUAL_WITHIN_PCT = 0.05;

/**
 * An event rule's optional premium condition: with a threshold set and the premium known, the premium must
 * meet it; without either, the event alone fires (a notice comes before the new market has a price).
 */
export function premiumMeets(d: AlertInput, premiumPct: number | null): boolean {
  const threshold = d.threshold;
  if (threshold === null || threshold === undefined || premiumPct === null) return true;
  switch (d.condition) {
    case 'greater-than':
      return premiumPct > threshold;
    case 'less-than':
      return premiumPct < threshold;
    case 'equal-to':
      return Math.abs(premiumPct - threshold) <= EQUAL_WITHIN_PCT;
    default:
      return true;
  }
}

const venueName = (id: string) => findVenue(id)?.name ?? id;

const premiumText = (language: Language, pct: number | null) =>
  pct === null
    ? ''
    : translate(language, 'alert.eventPremium', { value: `${pct > 0 ? '+' : ''}${pct.toFixed(2)}%` });

/** The text of a fired wallet-status alert: the user's name and message, then what changed. */
export function walletMessage(
  language: Language,
  d: Pick<AlertInput, 'name' | 'message'>,
  e: WalletChangeEvent,
  premiumPct: number | null,
): { title: string; body: string } {
  const line = translate(language, `alert.wallet.${e.kind}`, {
    exchange: venueName(e.exchange),
    token: e.asset,
    network: e.network,
  });
  return { title: d.name, body: `${d.message}\n${line}${premiumText(language, premiumPct)}` };
}

/** The text of a fired listing alert. */
export function listingMessage(
  language: Language,
  d: Pick<AlertInput, 'name' | 'message'>,
  m: ListingMoment,
): { title: string; body: string } {
  const line = translate(language, `alert.listing.${m.kind}`, {
    exchange: venueName(m.venue),
    token: m.base,
    quote: m.quote,
  });
  return { title: d.name, body: `${d.message}\n${line}${premiumText(language, m.premiumPct)}` };
}
