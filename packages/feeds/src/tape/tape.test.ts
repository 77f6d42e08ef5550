import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MarketEvent, serializeTapeEvent } from '@spreadscope/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Simulator } from '../sim/simulator.ts';
import { readTape, readTapeFile } from './tape-reader.ts';
import { TapeWriter } from './tape-writer.ts';

const START = Date.UTC(2025, 10, 21, 3);
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spreadscope-tape-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('tape round trip', () => {
  it('reads back exactly the events written, after a meta line', async () => {
    const events = [...new Simulator({ seed: 2, startTime: START }).generate(8_000)];
    const path = join(dir, 'round-trip.ndjson');
    const writer = await TapeWriter.open(path, { source: 'sim seed 2', start: START });
    await writer.writeAll(events);
    const stats = await writer.close();
    const { events: read, errors } = await readTapeFile(path);
    expect(errors).toEqual([]);
    expect(read[0]).toEqual({ t: START, type: 'meta', version: 1, source: 'sim seed 2', start: START });
    expect(read.slice(1)).toEqual(events);
    const text = await readFile(path, 'utf8');
    expect(stats).toMatchObject({ events: events.length, bytes: Buffer.byteLength(text) });
    expect(stats.firstT).toBe(events[0]?.t);
    expect(stats.lastT).toBe(events.at(-1)?.t);
    expect(text.split('\n')[1]).toBe(serializeTapeEvent(events[0] as MarketEvent));
  });

  it('survives any sequence of valid events (property)', async () => {
    const quote = fc.record({
      t: fc.integer({ min: 0, max: 2 ** 45 }),
      type: fc.constant('quote' as const),
      venue: fc.constantFrom('upbit', 'binance', 'newvenue'),
      market: fc.constantFrom('spot' as const, 'perp' as const),
      base: fc.stringMatching(/^[A-Z0-9]{1,8}$/),
      quote: fc.constantFrom('KRW', 'USDT', 'USDC'),
      last: fc.double({ min: 1e-8, max: 1e9, noNaN: true }),
    });
    const forex = fc.record({
      t: fc.integer({ min: 0, max: 2 ** 45 }),
      type: fc.constant('forex' as const),
      pair: fc.constant('USD/KRW'),
      rate: fc.double({ min: 500, max: 3000, noNaN: true }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(quote, forex), { maxLength: 50 }), async (events) => {
        const path = join(dir, `property-${run++}.ndjson`);
        const writer = await TapeWriter.open(path, { source: 'property', start: 0 });
        await writer.writeAll(events);
        await writer.close();
        const { events: read, errors } = await readTapeFile(path);
        expect(errors).toEqual([]);
        expect(read.slice(1)).toEqual(events);
      }),
      { numRuns: 25 },
    );
  });

  it('keeps memory bounded by waiting for the file when writing a lot', async () => {
    const path = join(dir, 'big.ndjson');
    const writer = await TapeWriter.open(path, { source: 'big', start: START });
    const sim = new Simulator({ seed: 4, startTime: START });
    let sawBackpressure = false;
    for (const batch of sim.batches(30_000)) {
      for (const event of batch) {
        if (!writer.write(event)) {
          sawBackpressure = true;
          await writer.drained();
        }
      }
    }
    const stats = await writer.close();
    expect(stats.events).toBeGreaterThan(100_000);
    expect(sawBackpressure).toBe(true);
    const { events, errors } = await readTapeFile(path);
    expect(errors).toEqual([]);
    expect(events.length).toBe(stats.events + 1);
  });
});

describe('malformed lines', () => {
  it('reports each with its line number and reads on', async () => {
    const path = join(dir, 'broken.ndjson');
    const lines = [
      '{"t":1763700000000,"type":"meta","version":1,"source":"hand-written"}',
      '{"t":1763700000000,"type":"forex","pair":"USD/KRW","rate":1400}',
      '{"t":1763700000100,"type":"quote","venue":"binance"', // cut short
      '{"t":1763700000200,"type":"quote","venue":"binance","market":"spot","base":"BTC","quote":"USDT","last":100000,"extra":{"ignored":true}}',
      '{"t":1763700000250,"type":"quote","venue":"binance","market":"spot","base":"btc","quote":"USDT","last":100000}',
      '',
      '{"t":1763700000300,"type":"teleport","venue":"binance"}',
      '{"t":1763700000400,"type":"funding","venue":"bybit","base":"BTC","quote":"USDT","rate":0.0001,"intervalHours":8}',
    ];
    await writeFile(path, `${lines.join('\n')}\n`);
    const { events, errors } = await readTapeFile(path);
    expect(errors.map((e) => e.line)).toEqual([3, 5, 7]);
    expect(errors[0]?.message).toBe('tape line 3: not valid JSON');
    expect(errors[1]?.message).toContain('base');
    expect(events.map((e) => e.type)).toEqual(['meta', 'forex', 'quote', 'funding']);
    expect(events[2]).not.toHaveProperty('extra');
  });

  it('accepts CRLF line ends and a byte-order mark', async () => {
    const path = join(dir, 'windows.ndjson');
    await writeFile(
      path,
      '\ufeff{"t":1,"type":"forex","pair":"USD/KRW","rate":1400}\r\n{"t":2,"type":"forex","pair":"USD/KRW","rate":1401}\r\n',
    );
    const { events, errors } = await readTapeFile(path);
    expect(errors).toEqual([]);
    expect(events.map((e) => e.t)).toEqual([1, 2]);
  });

  it('names the file when it cannot be opened', async () => {
    const missing = join(dir, 'missing.ndjson');
    await expect(readTapeFile(missing)).rejects.toThrow(`cannot open tape ${missing}: no such file`);
    const iterator = readTape(missing)[Symbol.asyncIterator]();
    await expect(iterator.next()).rejects.toThrow('no such file');
  });
});
