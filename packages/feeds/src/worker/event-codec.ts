import type { BookEvent, FundingEvent, MarketEvent, QuoteEvent, WalletEvent } from '@spreadscope/core';

/**
 * Market events as numbers: the form the market worker hands its batches to the main thread in, and the
 * event log's entries (apps/server/src/cluster). At the simulator's full rate (≈ 73,000 events/s) JSON made every 100 ms entry
 * ≈ 2 MB, and stringifying and parsing it was most of the ingest's and the replicas' CPU. Here the frequent
 * events (quotes, books, funding, wallets: ≈ 99 %) are numbers in one Float64Array, in their original order,
 * each naming its market by an id; the rest (forex, notices, tape metadata) stay JSON beside it.
 *
 * Market ids are interned once for the whole log: an entry carries only the keys that are new since the entry
 * before it (`keysFrom` says which id the first one gets), and a snapshot carries the whole table. Every reader
 * therefore holds the same table as the writer at the same position. Float64 keeps every number exactly
 * (times are integers below 2^53; prices and amounts are finite), so decoding gives back the very events.
 */

/** What a table row names: [kind, ...parts]; see `keyOf`. */
export type MarketKey = readonly string[];

const QUOTE = 1;
const BOOK = 2;
const FUNDING = 3;
const WALLET = 4;
/** An event kept as JSON: the record holds its index in the entry's `other` list. */
const OTHER = 0;

/** 'm': a market (venue, market, base, quote) for quotes and books; 'f': funding; 'w': a wallet network. */
function keyOf(event: QuoteEvent | BookEvent | FundingEvent | WalletEvent): MarketKey {
  switch (event.type) {
    case 'quote':
    case 'book':
      return ['m', event.venue, event.market, event.base, event.quote];
    case 'funding':
      return ['f', event.venue, event.base, event.quote];
    case 'wallet':
      return ['w', event.venue, event.asset, event.network];
  }
}

export class LogCodecError extends Error {
  override readonly name = 'LogCodecError';
}

interface Leaf {
  readonly a: string;
  readonly b: string;
  readonly id: number;
}

/**
 * kind → venue → base (or asset) → its few markets. Looked up part by part: the parts are strings the source
 * reuses, whose hashes V8 keeps, where a joined key would be built and hashed for every event.
 */
type Tree = Map<string, Map<string, Map<string, Leaf[]>>>;

/** The writer's side of the id table: interns keys and remembers which ones no reader has been sent yet. */
export class KeyInterner {
  private readonly tree: Tree = new Map();
  readonly keys: MarketKey[] = [];
  /** Keys below this index went out in an entry already. */
  sent = 0;

  /** The id of the event's market (interning it); for the kinds the codec keeps as numbers. */
  idOf(event: QuoteEvent | BookEvent | FundingEvent | WalletEvent): number {
    const kind = event.type === 'quote' || event.type === 'book' ? 'm' : event.type === 'funding' ? 'f' : 'w';
    const venue = event.venue;
    const base = event.type === 'wallet' ? event.asset : event.base;
    const a = event.type === 'wallet' ? event.network : event.type === 'funding' ? '' : event.market;
    const b = event.type === 'wallet' ? '' : event.quote;
    const list = this.leaves(kind, venue, base);
    for (let i = 0; i < list.length; i++) {
      const leaf = list[i] as Leaf;
      if (leaf.a === a && leaf.b === b) return leaf.id;
    }
    const id = this.keys.length;
    list.push({ a, b, id });
    this.keys.push(keyOf(event));
    return id;
  }

  private leaves(kind: string, venue: string, base: string): Leaf[] {
    let venues = this.tree.get(kind);
    if (!venues) {
      venues = new Map();
      this.tree.set(kind, venues);
    }
    let bases = venues.get(venue);
    if (!bases) {
      bases = new Map();
      venues.set(venue, bases);
    }
    let list = bases.get(base);
    if (!list) {
      list = [];
      bases.set(base, list);
    }
    return list;
  }

  /** Takes over a table read from the log (a new ingest continues its predecessor's ids). */
  adopt(keys: readonly MarketKey[]): void {
    this.tree.clear();
    this.keys.length = 0;
    for (const key of keys) {
      const [kind = '', venue = '', x = '', y = '', z = ''] = key;
      // keyOf's order back to the tree's: m venue market base quote, f venue base quote, w venue asset network.
      const [base, a, b] = kind === 'm' ? [y, x, z] : kind === 'f' ? [x, '', y] : [x, y, ''];
      this.leaves(kind, venue, base).push({ a, b, id: this.keys.length });
      this.keys.push(key);
    }
    this.sent = this.keys.length;
  }

  /** The keys not sent yet, marked as sent. */
  takeNew(): { from: number; keys: MarketKey[] } {
    const from = this.sent;
    this.sent = this.keys.length;
    return { from, keys: this.keys.slice(from) };
  }
}

/** A growable Float64Array. */
class Floats {
  data: Float64Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Float64Array(Math.max(64, capacity));
  }
  reserve(n: number): void {
    if (this.length + n <= this.data.length) return;
    const bigger = new Float64Array(Math.max(this.data.length * 2, this.length + n));
    bigger.set(this.data.subarray(0, this.length));
    this.data = bigger;
  }
}

function flag(value: number | undefined, bit: number): number {
  return value === undefined ? 0 : bit;
}

/**
 * Encodes events (in order) as numbers, interning their markets; events without a numeric form go to `other`.
 */
export function encodeEvents(
  events: readonly MarketEvent[],
  interner: KeyInterner,
  /** Each event's id when the caller interned it already (record time), else -1. */
  ids?: readonly number[],
): { body: Float64Array; other: MarketEvent[] } {
  const out = new Floats(events.length * 24);
  const other: MarketEvent[] = [];
  for (let e = 0; e < events.length; e++) {
    const event = events[e] as MarketEvent;
    const known = ids?.[e] ?? -1;
    switch (event.type) {
      case 'quote': {
        out.reserve(10);
        const d = out.data;
        let i = out.length;
        d[i++] = QUOTE;
        d[i++] = known >= 0 ? known : interner.idOf(event);
        d[i++] = event.t;
        d[i++] =
          flag(event.bid, 1) |
          flag(event.ask, 2) |
          flag(event.volume24h, 4) |
          flag(event.open24h, 8) |
          flag(event.traded, 16);
        d[i++] = event.last;
        if (event.bid !== undefined) d[i++] = event.bid;
        if (event.ask !== undefined) d[i++] = event.ask;
        if (event.volume24h !== undefined) d[i++] = event.volume24h;
        if (event.open24h !== undefined) d[i++] = event.open24h;
        if (event.traded !== undefined) d[i++] = event.traded;
        out.length = i;
        break;
      }
      case 'book': {
        const { bids, asks } = event;
        out.reserve(5 + 2 * (bids.length + asks.length));
        const d = out.data;
        let i = out.length;
        d[i++] = BOOK;
        d[i++] = known >= 0 ? known : interner.idOf(event);
        d[i++] = event.t;
        d[i++] = bids.length;
        d[i++] = asks.length;
        // Indexed loops: destructuring each level through the iterator costs more than the copy itself.
        for (let k = 0; k < bids.length; k++) {
          const level = bids[k] as readonly [number, number];
          d[i++] = level[0];
          d[i++] = level[1];
        }
        for (let k = 0; k < asks.length; k++) {
          const level = asks[k] as readonly [number, number];
          d[i++] = level[0];
          d[i++] = level[1];
        }
        out.length = i;
        break;
      }
      case 'funding': {
        out.reserve(8);
        const d = out.data;
        let i = out.length;
        d[i++] = FUNDING;
        d[i++] = known >= 0 ? known : interner.idOf(event);
        d[i++] = event.t;
        d[i++] = flag(event.nextFundingTime, 1) | flag(event.markPrice, 2);
        d[i++] = event.rate;
        d[i++] = event.intervalHours;
        if (event.nextFundingTime !== undefined) d[i++] = event.nextFundingTime;
        if (event.markPrice !== undefined) d[i++] = event.markPrice;
        out.length = i;
        break;
      }
      case 'wallet': {
        // The numeric form holds the flags and figures; a contract, a minimum or a delay goes as JSON (rare).
        if (event.contract !== undefined || event.withdrawMin !== undefined || event.delayed !== undefined) {
          out.reserve(2);
          out.data[out.length++] = OTHER;
          out.data[out.length++] = other.length;
          other.push(event);
          break;
        }
        out.reserve(7);
        const d = out.data;
        let i = out.length;
        d[i++] = WALLET;
        d[i++] = known >= 0 ? known : interner.idOf(event);
        d[i++] = event.t;
        d[i++] =
          (event.deposit ? 1 : 0) |
          (event.withdraw ? 2 : 0) |
          flag(event.confirmations, 4) |
          flag(event.blockTimeSec, 8) |
          flag(event.withdrawFee, 16);
        if (event.confirmations !== undefined) d[i++] = event.confirmations;
        if (event.blockTimeSec !== undefined) d[i++] = event.blockTimeSec;
        if (event.withdrawFee !== undefined) d[i++] = event.withdrawFee;
        out.length = i;
        break;
      }
      default: {
        out.reserve(2);
        out.data[out.length++] = OTHER;
        out.data[out.length++] = other.length;
        other.push(event);
      }
    }
  }
  return { body: out.data.subarray(0, out.length), other };
}

function part(key: MarketKey | undefined, kind: string): MarketKey {
  if (!key || key[0] !== kind) throw new LogCodecError(`log entry names an unknown ${kind} id`);
  return key;
}

/** Decodes what encodeEvents wrote, with the reader's copy of the id table. */
export function decodeEvents(
  body: Float64Array,
  other: readonly MarketEvent[],
  keys: readonly MarketKey[],
  /** Receives each event's market id (-1: an event kept as JSON), when the caller wants them. */
  ids?: number[],
): MarketEvent[] {
  const events: MarketEvent[] = [];
  forEachEvent(body, other, keys, (event, id) => {
    events.push(event);
    ids?.push(id);
  });
  return events;
}

/**
 * Decodes what encodeEvents wrote one event at a time, handing each to `visit` (with its market id, -1 for an
 * event kept as JSON) before the next is built. A consumer that keeps no event leaves each one garbage as soon
 * as it returns: decoding a whole batch first kept thousands alive across young-generation collections, so
 * V8 saw them survive, copied them, and then allocated them straight in the old generation (pretenuring),
 * where only a full collection frees them. A record that does not decode throws after the events before it
 * were handed over (never the bad record itself).
 */
export function forEachEvent(
  body: Float64Array,
  other: readonly MarketEvent[],
  keys: readonly MarketKey[],
  visit: (event: MarketEvent, id: number) => void,
): void {
  const d = body;
  let i = 0;
  while (i < d.length) {
    const kind = d[i++];
    if (kind === OTHER) {
      const event = other[d[i++] as number];
      if (!event) throw new LogCodecError('log entry names a missing event');
      visit(event, -1);
      continue;
    }
    const id = d[i++] as number;
    const key = keys[id];
    const t = d[i++] as number;
    let event: MarketEvent;
    if (kind === QUOTE) {
      const [, venue, market, base, quote] = part(key, 'm');
      const flags = d[i++] as number;
      const quoteEvent = { t, type: 'quote', venue, market, base, quote, last: d[i++] } as {
        -readonly [K in keyof QuoteEvent]: QuoteEvent[K];
      };
      if (flags & 1) quoteEvent.bid = d[i++] as number;
      if (flags & 2) quoteEvent.ask = d[i++] as number;
      if (flags & 4) quoteEvent.volume24h = d[i++] as number;
      if (flags & 8) quoteEvent.open24h = d[i++] as number;
      if (flags & 16) quoteEvent.traded = d[i++] as number;
      event = quoteEvent;
    } else if (kind === BOOK) {
      const [, venue, market, base, quote] = part(key, 'm');
      const nb = d[i++] as number;
      const na = d[i++] as number;
      const bids: [number, number][] = new Array(nb);
      for (let k = 0; k < nb; k++, i += 2) bids[k] = [d[i] as number, d[i + 1] as number];
      const asks: [number, number][] = new Array(na);
      for (let k = 0; k < na; k++, i += 2) asks[k] = [d[i] as number, d[i + 1] as number];
      event = { t, type: 'book', venue, market, base, quote, bids, asks } as BookEvent;
    } else if (kind === FUNDING) {
      const [, venue, base, quote] = part(key, 'f');
      const flags = d[i++] as number;
      const fundingEvent = {
        t,
        type: 'funding',
        venue,
        base,
        quote,
        rate: d[i++],
        intervalHours: d[i++],
      } as {
        -readonly [K in keyof FundingEvent]: FundingEvent[K];
      };
      if (flags & 1) fundingEvent.nextFundingTime = d[i++] as number;
      if (flags & 2) fundingEvent.markPrice = d[i++] as number;
      event = fundingEvent;
    } else if (kind === WALLET) {
      const [, venue, asset, network] = part(key, 'w');
      const flags = d[i++] as number;
      const walletEvent = {
        t,
        type: 'wallet',
        venue,
        asset,
        network,
        deposit: (flags & 1) !== 0,
        withdraw: (flags & 2) !== 0,
      } as { -readonly [K in keyof WalletEvent]: WalletEvent[K] };
      if (flags & 4) walletEvent.confirmations = d[i++] as number;
      if (flags & 8) walletEvent.blockTimeSec = d[i++] as number;
      if (flags & 16) walletEvent.withdrawFee = d[i++] as number;
      event = walletEvent;
    } else {
      throw new LogCodecError(`log entry holds an unknown record kind ${kind}`);
    }
    // A record cut short read past the end: never hand over its made-up fields.
    if (i > d.length) break;
    visit(event, id);
  }
  if (i !== d.length) throw new LogCodecError('log entry ends inside a record');
}
