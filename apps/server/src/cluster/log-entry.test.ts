import type { MarketEvent } from '@spreadscope/core';
import { SIM_STEP_MS, Simulator } from '@spreadscope/feeds';
import { describe, expect, it } from 'vitest';
import { KeyInterner } from './log-codec.ts';
import {
  encodeEntry,
  encodeSnapshot,
  KeyTable,
  LogEntryError,
  LogGapError,
  readFrame,
  type SourceStatus,
} from './log-entry.ts';

const T0 = Date.UTC(2025, 10, 21, 3, 0, 0);
const status: SourceStatus = { state: { mode: 'live', requested: 'live', since: 1, reason: null } };

/** A simulator minute (every event kind it emits, books included), cut into the ingest's 100 ms ticks. */
function simulatedMinute(): MarketEvent[][] {
  const events = [...new Simulator({ seed: 11, startTime: T0, tokenLimit: 40 }).generate(60_000)];
  const ticks: MarketEvent[][] = [];
  for (const event of events) {
    const tick = Math.floor((event.t - T0) / SIM_STEP_MS);
    const list = ticks[tick] ?? [];
    list.push(event);
    ticks[tick] = list;
  }
  return ticks.map((tick) => tick ?? []);
}

/** As Redis hands a field back: a copy somewhere in a bigger buffer, not 8-byte aligned. */
function stored(frame: Buffer): Buffer {
  const pool = Buffer.alloc(frame.length + 3);
  frame.copy(pool, 3);
  return pool.subarray(3);
}

describe('log entries', () => {
  it('give back a simulator minute exactly: every event, field and number, in order', () => {
    const ticks = simulatedMinute();
    const kinds = new Set(ticks.flat().map((e) => e.type));
    expect([...kinds].sort()).toEqual(['book', 'forex', 'funding', 'quote', 'wallet']);
    const writer = new KeyInterner();
    const reader = new KeyTable();
    let jsonBytes = 0;
    let bytes = 0;
    ticks.forEach((events, i) => {
      const frame = encodeEntry(
        T0 + i * 100,
        T0 + i * 100 + 3,
        events,
        writer,
        i % 20 === 0 ? status : undefined,
      );
      jsonBytes += JSON.stringify(events).length;
      bytes += frame.length;
      const entry = reader.entry(readFrame(stored(frame)));
      expect(entry.events).toStrictEqual(events);
      expect(entry.at).toBe(T0 + i * 100);
      expect(entry.publishedAt).toBe(T0 + i * 100 + 3);
      expect(entry.status).toEqual(i % 20 === 0 ? status : undefined);
    });
    // Markets are named once for the whole log, not per event.
    expect(reader.keys).toEqual(writer.keys);
    expect(bytes).toBeLessThan(jsonBytes * 0.7);
  });

  it('start a late reader from a snapshot: the whole id table, then the entries after it', () => {
    const [first = [], second = [], third = []] = simulatedMinute();
    const writer = new KeyInterner();
    const early = new KeyTable();
    early.entry(readFrame(encodeEntry(T0, T0, first, writer)));
    const latest = [...first, ...second];
    early.entry(readFrame(encodeEntry(T0 + 100, T0 + 100, second, writer)));
    const snapshot = encodeSnapshot(T0 + 100, T0 + 101, latest, writer, status);
    const late = new KeyTable();
    expect(late.snapshot(readFrame(snapshot))).toStrictEqual({
      at: T0 + 100,
      publishedAt: T0 + 101,
      events: latest,
      status,
    });
    // A market first seen after the snapshot is introduced by the next entry, to both readers alike.
    const fresh: MarketEvent = {
      t: T0 + 150,
      type: 'quote',
      venue: 'upbit',
      market: 'spot',
      base: 'NEWCOIN',
      quote: 'KRW',
      last: 7,
    };
    const next = readFrame(encodeEntry(T0 + 200, T0 + 200, [...third, fresh], writer));
    expect(late.entry(next).events).toStrictEqual([...third, fresh]);
    expect(early.entry(next).events).toStrictEqual([...third, fresh]);
  });

  it('tell a reader that missed the entry introducing an id to start over, instead of misnaming markets', () => {
    const [first = [], second = []] = simulatedMinute();
    const writer = new KeyInterner();
    encodeEntry(T0, T0, first, writer);
    const reader = new KeyTable();
    expect(() => reader.entry(readFrame(encodeEntry(T0 + 100, T0 + 100, second, writer)))).toThrow(
      LogGapError,
    );
  });

  it('send again the ids of an entry whose append failed, and readers take each id once', () => {
    const quote = (base: string): MarketEvent => ({
      t: T0,
      type: 'quote',
      venue: 'bithumb',
      market: 'spot',
      base,
      quote: 'KRW',
      last: 1,
    });
    const writer = new KeyInterner();
    const reader = new KeyTable();
    reader.entry(readFrame(encodeEntry(T0, T0, [quote('A')], writer)));
    const lostFrom = writer.sent;
    encodeEntry(T0 + 100, T0 + 100, [quote('B')], writer); // never reached Redis
    writer.sent = lostFrom;
    const next = reader.entry(readFrame(encodeEntry(T0 + 200, T0 + 200, [quote('B'), quote('C')], writer)));
    expect(next.events).toStrictEqual([quote('B'), quote('C')]);
    expect(reader.keys.map((k) => k[3])).toEqual(['A', 'B', 'C']);
  });

  it('let a new ingest continue its predecessor’s ids, so replicas keep reading without a snapshot', () => {
    const [first = [], second = [], third = []] = simulatedMinute();
    const before = new KeyInterner();
    const reader = new KeyTable();
    reader.entry(readFrame(encodeEntry(T0, T0, first, before)));
    reader.entry(readFrame(encodeEntry(T0 + 100, T0 + 100, second, before)));
    const after = new KeyInterner();
    after.adopt(reader.keys);
    const fresh: MarketEvent = {
      t: T0 + 150,
      type: 'wallet',
      venue: 'upbit',
      asset: 'NEWCOIN',
      network: 'Its own chain',
      deposit: true,
      withdraw: false,
    };
    const frame = readFrame(encodeEntry(T0 + 200, T0 + 200, [...third, ...first, fresh], after));
    expect(frame.keysFrom).toBe(before.keys.length);
    // Only markets the predecessor never named get ids: none of the first tick's again.
    const known = new Set(reader.keys.map((key) => key.join('|')));
    expect(frame.keys.filter((key) => known.has(key.join('|')))).toEqual([]);
    expect(frame.keys.at(-1)).toEqual(['w', 'upbit', 'NEWCOIN', 'Its own chain']);
    expect(reader.entry(frame).events).toStrictEqual([...third, ...first, fresh]);
  });

  it('refuse what is not an entry with a message saying so', () => {
    expect(() => readFrame(Buffer.from('{"at":1}'))).toThrow('not a version 1 frame');
    const frame = encodeEntry(T0, T0, [], new KeyInterner());
    expect(() => readFrame(frame.subarray(0, frame.length - 1))).toThrow(LogEntryError);
    expect(() => new KeyTable().snapshot(readFrame(frame))).toThrow('snapshot lacks');
  });
});
