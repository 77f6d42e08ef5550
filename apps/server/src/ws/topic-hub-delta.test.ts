import type { WsServerMessage } from '@spreadscope/contracts';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { type Client, closeHubs, type Row, row, setup, table, until } from '../test-support/table-hub-kit.ts';
import { CLOSE_TOO_SLOW } from './topic-hub.ts';

/** The hub's delta logic (the fake market and sockets: test-support/table-hub-kit.ts). */

afterEach(closeHubs);

const typesOf = (messages: WsServerMessage[]) => messages.map((m) => m.type);

describe('table topics with deltas', () => {
  it('sends a snapshot, then deltas that rebuild every state exactly (random tables)', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `upbit-binance-T${i}`);
    const step = fc.record({
      ids: fc.shuffledSubarray(ids, { maxLength: 10 }),
      gaps: fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 12, maxLength: 12 }),
      bids: fc.array(fc.option(fc.integer({ max: 1000 }), { nil: null }), { minLength: 12, maxLength: 12 }),
      elapsed: fc.integer({ min: 0, max: 2_000 }),
      restart: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      gated: fc.boolean(),
    });
    type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;
    let deltas = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const { market, connect } = setup();
        let now = 1_000_000;
        const started = new Map<string, number>();
        const build = (s: Step | null) => {
          if (!s) return table([], now);
          const data = s.ids.map((id) => {
            const i = ids.indexOf(id);
            if (!started.has(id) || s.restart[i]) started.set(id, now - 500);
            return {
              id,
              gap: s.gaps[i] as number,
              durationSince: i % 3 === 0 ? null : (started.get(id) as number),
              leg: { price: 100, bid: s.bids[i] as number | null },
            };
          });
          return table(data, now, s.gated ? { gatedRows: [{ id: 'upbit-binance-X', position: 0 }] } : {});
        };
        market.set(build(null));
        const client = await connect();
        for (const s of steps) {
          now += s.elapsed;
          const next = build(s);
          market.set(next);
          market.tick();
          client.drain();
          expect(client.state?.table).toEqual(JSON.parse(JSON.stringify(next)));
        }
        deltas += typesOf(client.messages).filter((t) => t === 'delta').length;
      }),
      { numRuns: 60 },
    );
    // Most steps went as deltas (a snapshot only where the delta would have been larger).
    expect(deltas).toBeGreaterThan(60);
  });

  it('keeps every member on a consistent chain whatever joins, lags and moves in between (random)', async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('move' as const), gap: fc.integer({ min: -9, max: 9 }), row: fc.nat(5) }),
      fc.record({ kind: fc.constant('tick' as const) }),
      fc.record({ kind: fc.constant('join' as const) }),
      fc.record({ kind: fc.constant('lag' as const), who: fc.nat() }),
      fc.record({ kind: fc.constant('resubscribe' as const), who: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const { market, hub, connect } = setup({ backlogBytes: 1_000, stallMs: 60_000 });
        let now = 5_000;
        const gaps = [0, 1, 2, 3, 4, 5];
        const current = () =>
          table(
            gaps
              .map((gap, i) => row(`upbit-binance-T${i}`, gap, 100_000 - now))
              .sort((a, b) => b.gap - a.gap),
            now,
          );
        market.set(current());
        const clients = [await connect()];
        for (const o of ops) {
          if (o.kind === 'move') {
            now += 10;
            gaps[o.row % gaps.length] = o.gap;
            market.set(current());
          } else if (o.kind === 'tick') market.tick();
          else if (o.kind === 'join') clients.push(await connect());
          else if (o.kind === 'lag') {
            const socket = (clients[o.who % clients.length] as Client).socket;
            socket.bufferedAmount = socket.bufferedAmount > 0 ? 0 : 5_000;
          } else {
            const client = clients[o.who % clients.length] as Client;
            if (client.socket.bufferedAmount > 0) continue;
            const written = client.socket.texts.length;
            client.socket.receive({ op: 'subscribe', id: 't', topic: 'premium', params: {}, deltas: true });
            await until(() => client.socket.texts.length >= written + 2);
          }
          for (const client of clients) client.drain();
        }
        // Everyone reads again and the market moves once more: every copy is the table.
        for (const client of clients) client.socket.bufferedAmount = 0;
        await new Promise((r) => setTimeout(r, 60));
        now += 10;
        market.set(current());
        market.tick();
        for (const client of clients) {
          client.drain();
          expect(client.state?.table).toEqual(JSON.parse(JSON.stringify(current())));
        }
        hub.close();
      }),
      { numRuns: 40 },
    );
  });

  it('sends the same bytes of a delta to every member holding the same state', async () => {
    const { market, connect } = setup();
    market.set(table([row('a', 1), row('b', 2)], 1_000));
    const a = await connect();
    const b = await connect();
    market.set(table([row('a', 1.5), row('b', 2)], 1_000));
    market.tick();
    const [da, db] = [a.socket.texts.at(-1), b.socket.texts.at(-1)];
    expect(da).toBe(db);
    expect(JSON.parse(da as string)).toMatchObject({
      type: 'delta',
      paths: ['gap', 'leg.price'],
      patches: [['a', 0, 1.5, 1, 101.5]],
    });
  });

  it('keeps subscribers that did not ask for deltas on whole snapshots', async () => {
    const { market, connect } = setup();
    market.set(table([row('a', 1)], 1_000));
    const old = await connect('pro', false);
    const fresh = await connect('pro', true);
    expect(old.socket.texts.find((t) => t.includes('"subscribed"'))).toContain('"deltas":false');
    expect(fresh.socket.texts.find((t) => t.includes('"subscribed"'))).toContain('"deltas":true');
    market.set(table([row('a', 2)], 1_100));
    market.tick();
    expect(typesOf(old.drain())).toEqual(['snapshot']);
    expect(typesOf(fresh.drain())).toEqual(['delta']);
    expect(old.state?.table).toEqual(fresh.state?.table);
  });

  it('gives a newcomer a fresh table without pushing it to the others, who catch up from their own state', async () => {
    const { market, connect } = setup();
    market.set(table([row('a', 1), row('b', 2)], 1_000));
    const early = await connect();
    // The market moves; before the tick reaches the hub, someone subscribes: the table is computed for them.
    market.set(table([row('a', 3), row('b', 2)], 1_100));
    const late = await connect();
    expect(late.state?.table.data[0]?.gap).toBe(3);
    expect(early.drain()).toEqual([]);
    expect(late.seq).toBe(early.seq + 1);
    // The tick: nothing new in the market, but the early member is brought up to the newcomer's state.
    market.tick();
    const caughtUp = early.drain();
    expect(caughtUp).toMatchObject([{ type: 'delta', base: late.seq - 1, seq: late.seq }]);
    expect(late.drain()).toEqual([]);
    expect(early.state?.table).toEqual(late.state?.table);
    market.set(table([row('a', 3), row('b', 4)], 1_200));
    market.tick();
    early.drain();
    late.drain();
    expect(early.state?.table).toEqual(late.state?.table);
    expect(early.seq).toBe(late.seq);
  });

  it('sends a snapshot when the delta would outweigh it', async () => {
    const { market, connect } = setup();
    const rows = (prefix: string, gap: number) =>
      Array.from({ length: 6 }, (_, i) => row(`upbit-binance-${prefix}${i}`, gap + i));
    market.set(table(rows('OLD', 0), 1_000));
    const client = await connect();
    // Every row replaced: the delta would carry all the new rows and also name every old one.
    market.set(table(rows('NEW', 0), 1_100));
    market.tick();
    expect(typesOf(client.drain())).toEqual(['snapshot']);
    market.set(table(rows('NEW', 1), 1_200));
    market.tick();
    expect(typesOf(client.drain())).toEqual(['delta']);
  });

  it('sends a snapshot every so many deltas', async () => {
    const { market, connect } = setup({ snapshotEvery: 3 });
    market.set(table([row('a', 1)], 1_000));
    const client = await connect();
    for (let i = 1; i <= 8; i++) {
      market.set(table([row('a', 1 + i)], 1_000 + i));
      market.tick();
    }
    expect(typesOf(client.drain())).toEqual([
      'delta',
      'delta',
      'delta',
      'snapshot',
      'delta',
      'delta',
      'delta',
      'snapshot',
    ]);
    expect(client.state?.table.data[0]?.gap).toBe(9);
  });

  it('spreads members’ periodic snapshots evenly over the pushes, even when they all joined together', async () => {
    const { market, connect } = setup({ snapshotEvery: 3 });
    market.set(table([row('a', 1)], 1_000));
    // Twelve clients subscribing at once, as after a restart: their first snapshots all go out together.
    const clients = await Promise.all(Array.from({ length: 12 }, () => connect()));
    const perPush: number[] = [];
    for (let i = 1; i <= 8; i++) {
      market.set(table([row('a', 1 + i)], 1_000 + i));
      market.tick();
      perPush.push(clients.filter((c) => typesOf(c.drain()).includes('snapshot')).length);
    }
    // Each client still rebuilds from a snapshot once every four pushes, but never all on the same one (none
    // on the first push: a turn that soon after the join's own snapshot is skipped).
    expect(perPush).toEqual([0, 3, 3, 3, 3, 3, 3, 3]);
    for (const c of clients) expect(c.state?.table.data[0]?.gap).toBe(9);
  });

  it('skips the states a lagging member missed and resumes it with the newest snapshot', async () => {
    const { market, hub, connect } = setup({ backlogBytes: 1_000, stallMs: 10_000 });
    market.set(table([row('a', 1)], 1_000));
    const slow = await connect();
    const fast = await connect();
    slow.socket.bufferedAmount = 5_000;
    for (let i = 1; i <= 5; i++) {
      market.set(table([row('a', 1 + i), row(`n${i}`, i)], 1_000 + i));
      market.tick();
    }
    expect(slow.drain()).toEqual([]);
    expect(typesOf(fast.drain())).toEqual(['delta', 'delta', 'delta', 'delta', 'delta']);
    // The socket drains: the newest state, whole; then deltas again.
    const written = slow.socket.texts.length;
    slow.socket.bufferedAmount = 0;
    await until(() => slow.socket.texts.length > written);
    expect(typesOf(slow.drain())).toEqual(['snapshot']);
    expect(slow.state?.table).toEqual(fast.state?.table);
    market.set(table([row('a', 9), row('n5', 5)], 2_000));
    market.tick();
    expect(typesOf(slow.drain())).toEqual(['delta']);
    expect(typesOf(fast.drain())).toEqual(['delta']);
    expect(slow.state?.table).toEqual(fast.state?.table);
    expect(hub.clientCount).toBe(2);
  });

  it('still drops a member that stays behind, with 4008', async () => {
    const { market, hub, connect } = setup({ backlogBytes: 1_000, stallMs: 100 });
    market.set(table([row('a', 1)], 1_000));
    const slow = await connect();
    slow.socket.bufferedAmount = 5_000;
    market.set(table([row('a', 2)], 1_001));
    market.tick();
    await until(() => slow.socket.closedWith !== null);
    expect(slow.socket.closedWith).toBe(CLOSE_TOO_SLOW);
    expect(hub.clientCount).toBe(0);
  });

  it('answers a resubscription (a client that found a gap) with a snapshot', async () => {
    const { market, connect } = setup();
    market.set(table([row('a', 1)], 1_000));
    const client = await connect();
    market.set(table([row('a', 2)], 1_001));
    market.tick();
    client.drain();
    client.socket.receive({ op: 'subscribe', id: 't', topic: 'premium', params: {}, deltas: true });
    await until(() => client.socket.texts.at(-1)?.includes('"type":"snapshot"') === true);
    expect(typesOf(client.drain())).toEqual(['subscribed', 'snapshot']);
    expect(client.state?.table.data[0]?.gap).toBe(2);
  });

  it('never lets a gated row’s values reach a visitor through a delta', async () => {
    const { market, connect } = setup();
    const gatedIds = new Set<string>();
    const views = (step: number) => {
      // The best row is gated for visitors: it stays out of `data` and appears in `gatedRows` only.
      const rows = [row('a', 5 - step), row('b', 3), row('c', step)].sort((x, y) => y.gap - x.gap);
      const best = rows[0] as Row;
      gatedIds.add(best.id);
      const visitor = table(rows.slice(1), 1_000 + step, { gatedRows: [{ id: best.id, position: 0 }] });
      return [table(rows, 1_000 + step), visitor] as const;
    };
    market.set(...views(0));
    const visitor = await connect('visitor');
    const pro = await connect('pro');
    for (let step = 1; step <= 6; step++) {
      market.set(...views(step));
      market.tick();
      for (const message of visitor.drain()) {
        if (message.type !== 'delta') continue;
        const current = new Set((visitor.state?.table.gatedRows ?? []).map((g) => g.id));
        const sent = [
          ...(message.upserts ?? []).map((r) => r.id),
          ...(message.patches ?? []).map((p) => p[0]),
        ];
        for (const id of sent) expect(current.has(id)).toBe(false);
      }
      pro.drain();
      const [full, gated] = views(step);
      expect(visitor.state?.table).toEqual(JSON.parse(JSON.stringify(gated)));
      expect(pro.state?.table).toEqual(JSON.parse(JSON.stringify(full)));
    }
    // Every row was the best one at some point, so each was gated and later shown: in the table, never in transit.
    expect(gatedIds.size).toBeGreaterThan(1);
  });
});
