import type { MarketEvent } from '@spreadscope/core';
import { describe, expect, it } from 'vitest';
import { decodeEntry, decodeSnapshot, encodeEntry, encodeSnapshot, LogEntryError } from './log-entry.ts';

const event: MarketEvent = { t: 5, type: 'forex', pair: 'USD/KRW', rate: 1400 };
const status = { state: { mode: 'live' as const, requested: 'live', since: 1, reason: null } };

describe('log entries', () => {
  it('carry the tick’s events, clock and, when given, the source status', () => {
    const text = encodeEntry(100, 101, [JSON.stringify(event)], status);
    expect(decodeEntry(text)).toEqual({ at: 100, publishedAt: 101, events: [event], status });
    expect(decodeEntry(encodeEntry(200, 201, []))).toEqual({ at: 200, publishedAt: 201, events: [] });
    const snapshot = encodeSnapshot(100, 101, [JSON.stringify(event)], status);
    expect(decodeSnapshot(snapshot)).toEqual({ at: 100, publishedAt: 101, events: [event], status });
  });

  it('refuses what is not an entry with a message saying so', () => {
    expect(() => decodeEntry('{')).toThrow(LogEntryError);
    expect(() => decodeEntry('{"at":1}')).toThrow('log entry lacks at, publishedAt or events');
    expect(() => decodeSnapshot('{"at":1,"publishedAt":1,"events":[]}')).toThrow('snapshot lacks');
  });
});
