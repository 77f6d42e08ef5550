import type { MarketEvent } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { Simulator } from '../sim/index.ts';
import { decodeEvents, encodeEvents, forEachEvent, KeyInterner, LogCodecError } from './event-codec.ts';

const T0 = Date.UTC(2025, 10, 21, 3, 0, 0);

/** Ten simulated seconds: quotes, books, funding and wallets, with the kinds kept as JSON among them. */
function simulatedSeconds(): MarketEvent[] {
  return [...new Simulator({ seed: 5, startTime: T0, tokenLimit: 30 }).generate(10_000)];
}

describe('the batch codec, one event at a time', () => {
  it('hands every event over in order, with the market id the writer gave it', () => {
    const events = simulatedSeconds();
    const interner = new KeyInterner();
    const { body, other } = encodeEvents(events, interner);
    const seen: MarketEvent[] = [];
    const ids: number[] = [];
    forEachEvent(body, other, interner.keys, (event, id) => {
      seen.push(event);
      ids.push(id);
    });
    expect(seen).toEqual(events);
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set(['quote', 'book', 'funding', 'wallet', 'forex']),
    );
    // The writer's ids: the same market always gets the same id, and JSON events none.
    const reinterned = new KeyInterner();
    expect(ids).toEqual(
      events.map((event) =>
        event.type === 'quote' ||
        event.type === 'book' ||
        event.type === 'funding' ||
        (event.type === 'wallet' &&
          event.contract === undefined &&
          event.withdrawMin === undefined &&
          event.delayed === undefined)
          ? reinterned.idOf(event)
          : -1,
      ),
    );
    expect(decodeEvents(body, other, interner.keys)).toEqual(events);
  });

  it('hands each event over as it is read: a record cut short stops it after the whole records before it, nothing made up', () => {
    const events = simulatedSeconds()
      .filter((event) => event.type === 'quote')
      .slice(0, 5);
    const interner = new KeyInterner();
    const { body, other } = encodeEvents(events, interner);
    // The fifth quote's last number is gone.
    const cut = body.subarray(0, body.length - 1);
    const seen: MarketEvent[] = [];
    expect(() => forEachEvent(cut, other, interner.keys, (event) => seen.push(event))).toThrow(LogCodecError);
    expect(seen).toEqual(events.slice(0, 4));
  });
});
